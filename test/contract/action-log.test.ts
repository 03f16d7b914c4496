/**
 * The action log through the app's own wiring (createAppDeps) against the simulator over real HTTP: every change
 * asked of the service is logged with what it was for and its outcome, reads are not, and the --log file holds
 * no key, no console URL, no user data, and is private.
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openActionLog } from '../../src/app/action-log-file.js';
import { type AppDeps, createAppDeps } from '../../src/app/deps.js';
import { ManualClock } from '../../src/sim/clock.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { mutate, runAction } from '../../src/store/actions/mutate.js';
import { requestVmConsole } from '../../src/store/actions/vm-console.js';
import type { ActionLogEntry } from '../../src/store/state/action-log.js';
import { vmBody } from '../support/sim-client.js';

let sim: Simulator | undefined;
let app: AppDeps | undefined;
afterEach(async () => {
  await app?.transport.close();
  await sim?.close();
  sim = app = undefined;
});

async function start(onAction?: (e: ActionLogEntry) => void) {
  sim = await startSimulator({ seed: 1, clock: new ManualClock(Date.now()), rateLimitPerMinute: 1_000_000 });
  app = createAppDeps({
    baseUrl: sim.url,
    apiKey: sim.keys.admin,
    screen: 'vms',
    readOnly: false,
    refreshMs: 60_000,
    requestsPerMinute: 100_000,
    profile: 'lab',
    ...(onAction ? { onAction } : {}),
  });
  return { sim, deps: app.deps };
}

describe('the action log', () => {
  it('lists each change with what it was for and its outcome; reads are not listed', async () => {
    const { sim, deps } = await start();
    const vm = [...sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    await deps.api.vms.listAll();
    await runAction(deps, (api) => api.vms.stop(vm.id), {
      doing: `Stopping ${vm.name}`,
      done: 'stopped',
      refresh: [],
    });
    // a second stop is refused by the service (it is stopping already)
    await runAction(deps, (api) => api.vms.stop(vm.id), {
      doing: `Stopping ${vm.name}`,
      done: 'stopped',
      refresh: [],
    });
    await expect(
      mutate(deps, (api) => api.vms.create(vmBody('log-test-vm') as never), {
        doing: 'Creating VM log-test-vm',
        done: 'created',
      }),
    ).resolves.toBeDefined();
    const log = deps.store.getState().actionLog;
    expect(log.map((e) => [e.method, e.path, e.what, e.outcome, e.status, e.profile])).toEqual([
      ['GET', `/core/virtual-machines/${vm.id}/stop`, `Stopping ${vm.name}`, 'ok', 200, 'lab'],
      ['GET', `/core/virtual-machines/${vm.id}/stop`, `Stopping ${vm.name}`, 'refused', 400, 'lab'],
      ['POST', '/core/virtual-machines', 'Creating VM log-test-vm', 'ok', 200, 'lab'],
    ]);
    for (const e of log) expect(e.ms).toBeGreaterThanOrEqual(0);
  });

  it('the --log file: one JSON line per change, private, with no key, console URL or user data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hs-action-log-'));
    const path = join(dir, 'actions.log');
    writeFileSync(path, '', { mode: 0o644 }); // an existing file readable by others is made private
    const file = openActionLog(path);
    expect(file.warning).toMatch(/was readable by others \(mode 644\): made private/);
    const { sim, deps } = await start(file.write);
    const vm = [...sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    await mutate(
      deps,
      (api) =>
        api.vms.create(
          vmBody('log-user-data', { user_data: '#cloud-config\npassword: hunter2-USERDATA' }) as never,
        ),
      { doing: 'Creating VM log-user-data', done: 'created' },
    );
    let url = '';
    await requestVmConsole(deps, vm as never, (s) => {
      if (s.state === 'ready') url = s.url;
    });
    expect(url).toMatch(/^https?:\/\//);
    file.close();

    const text = readFileSync(path, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.method, l.path, l.what, l.outcome])).toEqual([
      ['POST', '/core/virtual-machines', 'Creating VM log-user-data', 'ok'],
      ['GET', `/core/virtual-machines/${vm.id}/request-console`, `Requesting a console for ${vm.name}`, 'ok'],
    ]);
    expect(lines[0]).toMatchObject({ profile: 'lab', status: 200 });
    expect(Date.parse(lines[0].time)).not.toBeNaN();
    expect(text).not.toContain(sim.keys.admin);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(url);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('--log of something not a file of ours (a pipe, a device) is written to and never chmodded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hs-action-log-'));
    const fifo = join(dir, 'actions.fifo');
    execFileSync('mkfifo', ['-m', '644', fifo]);
    // a reader first, so the append does not wait for one
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const file = openActionLog(fifo);
      expect(file.warning).toBeUndefined();
      expect(statSync(fifo).mode & 0o777).toBe(0o644);
      file.write({
        at: 0,
        profile: 'p',
        method: 'POST',
        path: '/x',
        what: 'w',
        outcome: 'ok',
        status: 200,
        ms: 1,
      });
      file.close();
      const buf = Buffer.alloc(4096);
      const n = readSync(reader, buf);
      expect(JSON.parse(buf.subarray(0, n).toString('utf8'))).toMatchObject({ method: 'POST', path: '/x' });
    } finally {
      closeSync(reader);
    }
  });
});
