/**
 * `hyperstack-tui guard` against the simulator over real HTTP on 127.0.0.1, in process (its clock a ManualClock the
 * run's waits advance): the plan, the dry run, --apply hibernating a stopped VM (started first), an idle one and one
 * whose lease ran out, and nothing else; the labels and environments it must not touch; read-only; the lock; the
 * exit codes; the JSON shape; the --log file. And the executor structurally: it can reach no other call.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { runGuard } from '../../src/commands/guard.js';
import { hibernateOnly, runSteps } from '../../src/commands/guard-exec.js';
import { guardLockPath } from '../../src/commands/guard-lock.js';
import { findCommand } from '../../src/commands/registry.js';
import { leaseLabel } from '../../src/domain/lease.js';
import { ManualClock } from '../../src/sim/clock.js';
import type { RouteDef } from '../../src/sim/route.js';
import { routes as ALL_ROUTES } from '../../src/sim/routes/index.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { notFound } from '../../src/sim/world/errors.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { setWorkload } from '../../src/sim/world/workload.js';

const HOUR = 3_600_000;
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run of `guard ARGS` against `s` with `config` as the config file, in its own XDG dirs. */
async function guard(
  s: Simulator,
  clock: ManualClock,
  args: string[],
  o: { config?: object; key?: string; dirs?: { config: string; state: string } } = {},
): Promise<Run> {
  const dirs = o.dirs ?? {
    config: mkdtempSync(join(tmpdir(), 'hs-guard-c-')),
    state: mkdtempSync(join(tmpdir(), 'hs-guard-s-')),
  };
  const cfgDir = join(dirs.config, 'hyperstack-tui');
  await import('node:fs').then((fs) => fs.mkdirSync(cfgDir, { recursive: true }));
  writeFileSync(join(cfgDir, 'config.json'), JSON.stringify(o.config ?? {}), { mode: 0o600 });
  const out = new PassThrough();
  let stdout = '';
  out.on('data', (c) => {
    stdout += String(c);
  });
  let stderr = '';
  const env = {
    XDG_CONFIG_HOME: dirs.config,
    XDG_STATE_HOME: dirs.state,
    HYPERSTACK_API_KEY: o.key ?? s.keys.admin,
    HYPERSTACK_REQUESTS_PER_MINUTE: '450',
    HOME: dirs.state,
  };
  const entry = findCommand('guard')!;
  const code = await runGuard(
    ['--base-url', s.url, ...args],
    { entry, commands: [entry] },
    { stdout: out as unknown as NodeJS.WriteStream, stderr: { write: (t: string) => (stderr += t) }, env },
    {
      now: () => clock.now(),
      sleep: async (ms) => clock.advance(ms),
      pollMs: 5_000,
      retry: { baseDelayMs: 1, maxDelayMs: 5, random: () => 0 },
    },
  );
  return { code, stdout, stderr };
}

async function start(routes?: (defaults: RouteDef[]) => RouteDef[]) {
  const clock = new ManualClock();
  sim = await startSimulator({ seed: 1, clock, ...(routes ? { routes: routes(ALL_ROUTES) } : {}) });
  // seeded VMs still being created settle first
  clock.advance(HOUR);
  return { s: sim, clock, world: sim.world };
}

/** Nothing was hibernated or started: the stopped VMs still stopped, no VM hibernating. */
function unchanged(w: Simulator['world'], stopped: readonly VmRecord[]) {
  expect(stopped.length).toBeGreaterThan(0);
  for (const v of stopped) expect(w.vms.get(v.id)!.status).toBe('SHUTOFF');
  expect(vms(w).filter((v) => /HIBERNATING|STARTING/.test(v.status))).toEqual([]);
}

const vms = (w: Simulator['world']) => [...w.vms.values()].filter((v) => v.clusterId === null);
const canHibernate = (v: VmRecord) => !v.flavor.limits.noHibernation;

describe('guard: the plan', () => {
  it('a dry run by default: prints the plan (JSON, version 1), changes nothing, exit 10', async () => {
    const { s, clock, world } = await start();
    const r = await guard(s, clock, ['-o', 'json'], { config: { guard: { maxActions: 2 } } });
    expect(r.code, r.stderr).toBe(10);
    const j = JSON.parse(r.stdout);
    expect(j.version).toBe(1);
    expect(j.applied).toBe(false);
    expect(Object.keys(j).sort()).toEqual(
      [
        'applied',
        'at',
        'exit_code',
        'policy',
        'profile',
        'refused',
        'saves_per_hour',
        'skipped',
        'steps',
        'under_way',
        'unjudged',
        'version',
      ].sort(),
    );
    const stopped = vms(world).filter((v) => v.status === 'SHUTOFF' && canHibernate(v));
    expect(j.steps.length).toBe(stopped.length);
    // the dearest first, the first two to do, the rest cut by maxActions
    expect(j.steps.map((x: { result: string }) => x.result)).toEqual(
      j.steps.map((_: unknown, i: number) => (i < 2 ? 'planned' : 'cut')),
    );
    const rates = j.steps.map((x: { per_hour: number }) => x.per_hour);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const first = j.steps[0];
    const rec = world.vms.get(first.vm.id)!;
    expect(first).toMatchObject({
      rule: 'stopped',
      start_first: true,
      retain_ip: rec.floatingIp !== null,
      error: null,
    });
    expect(first.per_hour).toBeCloseTo(rec.meter.ratePerHour, 3);
    expect(j.exit_code).toBe(10);
    unchanged(world, stopped);
  });

  it('a table for a person, saying it is a dry run; nothing to do is exit 0', async () => {
    const { s, clock } = await start();
    let r = await guard(s, clock, []);
    expect(r.code).toBe(10);
    expect(r.stdout).toMatch(/^VM +STATUS +RULE +WHY +\$\/H NOW +\$\/H HIBERNATED +STEPS +RESULT/);
    expect(r.stdout).toContain('dry run: nothing done');
    r = await guard(s, clock, [], { config: { guard: { stoppedHours: null, idleHours: null } } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('nothing to hibernate');
  });
});

describe('guard --apply', () => {
  it('hibernates a stopped VM (started first), an idle one and one whose lease ran out, and only those; a second run does nothing new', async () => {
    const { s, clock, world } = await start();
    const now = clock.now();
    const active = vms(world).filter(
      (v) => v.status === 'ACTIVE' && canHibernate(v) && v.contractId === null,
    );
    const idle = active[0]!;
    const leased = active[1]!;
    const busy = active[2]!;
    for (const v of active) setWorkload(v, 'training', now - 48 * HOUR);
    setWorkload(idle, 'idle', now - 8 * HOUR);
    leased.labels = ['team-a', leaseLabel(now - HOUR)];
    // a lease still running and a VM protected by its label: left alone
    busy.labels = [leaseLabel(now + 5 * HOUR)];
    const stopped = vms(world).filter((v) => v.status === 'SHUTOFF' && canHibernate(v));
    const guarded = stopped[0]!;
    guarded.labels = ['guard-skip'];
    const state = mkdtempSync(join(tmpdir(), 'hs-guard-s-'));
    const dirs = { config: mkdtempSync(join(tmpdir(), 'hs-guard-c-')), state };
    const log = join(state, 'actions.jsonl');
    const r = await guard(s, clock, ['--apply', '-o', 'json', '--log', log], {
      config: { guard: { maxActions: 100, skipEnvironments: [] } },
      dirs,
    });
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.applied).toBe(true);
    const byId = new Map(j.steps.map((x: { vm: { id: number } }) => [x.vm.id, x]));
    expect(byId.get(idle.id)).toMatchObject({ rule: 'idle', result: 'done' });
    expect(byId.get(leased.id)).toMatchObject({ rule: 'lease', result: 'done' });
    expect(byId.has(busy.id)).toBe(false);
    expect(byId.has(guarded.id)).toBe(false);
    expect(j.skipped).toContainEqual(
      expect.objectContaining({
        vm: expect.objectContaining({ id: guarded.id }),
        why: 'protected by its label guard-skip',
      }),
    );
    const hibernated = [idle, leased, ...stopped.slice(1)];
    expect(j.steps.every((x: { result: string }) => x.result === 'done')).toBe(true);
    expect(j.steps.length).toBe(hibernated.length);
    clock.advance(10 * 60_000);
    for (const v of hibernated) expect(['HIBERNATING', 'HIBERNATED']).toContain(world.vms.get(v.id)!.status);
    expect(world.vms.get(guarded.id)!.status).toBe('SHUTOFF');
    expect(world.vms.get(busy.id)!.status).toBe('ACTIVE');
    // every change asked is in the log: a start only for a stopped VM, then its hibernation; nothing else
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const stoppedIds = new Set(stopped.map((v) => v.id));
    for (const l of lines) {
      const m = /^\/core\/virtual-machines\/(\d+)\/(hibernate|start)$/.exec(l.path);
      expect(m, l.path).not.toBeNull();
      if (m![2] === 'start') expect(stoppedIds.has(Number(m![1]))).toBe(true);
      expect(l.outcome).toBe('ok');
      expect(l.what).toMatch(/^guard: (hibernating|starting) /);
    }
    expect(lines.filter((l) => l.path.endsWith('/hibernate'))).toHaveLength(hibernated.length);
    expect(lines.filter((l) => l.path.endsWith('/start'))).toHaveLength(stopped.length - 1);
    // right after: nothing new to do
    const again = await guard(s, clock, ['--apply', '--log', log], {
      dirs,
      config: { guard: { maxActions: 100 } },
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('nothing to hibernate');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(lines.length);
  });

  it('a read-only profile asked to apply: the plan, nothing done, exit 4', async () => {
    const { s, clock, world } = await start();
    const r = await guard(s, clock, ['--apply'], {
      config: { defaultProfile: 'ro', profiles: { ro: { readOnly: true, baseUrl: s.url } } },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('profile ro is read-only: nothing applied');
    expect(r.stdout).toContain('start, hibernate');
    unchanged(
      world,
      vms(world).filter((v) => v.status === 'SHUTOFF'),
    );
  });

  it('environments and labels the policy protects are never touched; the action budget cuts the rest (exit 10)', async () => {
    const { s, clock, world } = await start();
    const stopped = vms(world).filter((v) => v.status === 'SHUTOFF' && canHibernate(v));
    const env = world.envs.get(stopped[0]!.envId)!.name;
    const r = await guard(s, clock, ['--apply', '-o', 'json'], {
      config: { guard: { maxActions: 1, skipEnvironments: [env], idleHours: null } },
    });
    const j = JSON.parse(r.stdout);
    expect(r.code, r.stderr).toBe(10);
    expect(j.steps.filter((x: { result: string }) => x.result === 'done')).toHaveLength(1);
    expect(j.steps.filter((x: { result: string }) => x.result === 'cut').length).toBe(j.steps.length - 1);
    for (const x of j.steps) expect(x.vm.environment).not.toBe(env);
    for (const v of stopped.filter((x) => x.envId === stopped[0]!.envId))
      expect(world.vms.get(v.id)!.status).toBe('SHUTOFF');
  });
});

describe('guard: a read that fails', () => {
  it("one VM's events unreadable: it is left unjudged and said, the others planned", async () => {
    const { s, clock, world } = await start((routes) =>
      routes.map((r) =>
        r.path === '/core/virtual-machines/:vm_id/events'
          ? {
              ...r,
              handle: (req: Parameters<RouteDef['handle']>[0], w: Parameters<RouteDef['handle']>[1]) => {
                if (req.params.vm_id === String(broken)) throw notFound('no events for this VM');
                return r.handle(req, w);
              },
            }
          : r,
      ),
    );
    const stopped = vms(world).filter((v) => v.status === 'SHUTOFF' && canHibernate(v));
    const broken = stopped[0]!.id;
    const r = await guard(s, clock, ['-o', 'json'], { config: { guard: { maxActions: 100 } } });
    expect(r.code, r.stderr).toBe(10);
    const j = JSON.parse(r.stdout);
    expect(j.unjudged).toEqual([
      expect.objectContaining({
        vm: expect.objectContaining({ id: broken, name: stopped[0]!.name }),
        why: expect.stringMatching(/^could not read it: /),
      }),
    ]);
    expect(j.steps.map((x: { vm: { id: number } }) => x.vm.id).sort()).toEqual(
      stopped
        .slice(1)
        .map((v) => v.id)
        .sort(),
    );
  });
});

describe('guard: exit codes and the lock', () => {
  it('2 for a policy that can do nothing or a bad flag; 3 for a refused key or no service', async () => {
    const { s, clock } = await start();
    let r = await guard(s, clock, [], {
      config: { guard: { stoppedHours: null, idleHours: null, leases: false } },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('hibernates nothing');
    r = await guard(s, clock, ['--bogus']);
    expect(r.code).toBe(2);
    r = await guard(s, clock, [], { key: 'not-a-real-key-0000000000' });
    expect(r.code).toBe(3);
    const port = new URL(s.url).port;
    await s.close();
    sim = undefined;
    r = await guard({ ...s, url: `http://127.0.0.1:${port}/v1` } as Simulator, clock, []);
    expect(r.code, r.stderr).toBe(3);
  });

  it('a live run holding the lock: nothing done, exit 0; a stale lock (its process gone) is taken over', async () => {
    const { s, clock } = await start();
    const dirs = {
      config: mkdtempSync(join(tmpdir(), 'hs-guard-c-')),
      state: mkdtempSync(join(tmpdir(), 'hs-guard-s-')),
    };
    const lock = guardLockPath({ XDG_STATE_HOME: dirs.state });
    await import('node:fs').then((fs) =>
      fs.mkdirSync(join(dirs.state, 'hyperstack-tui'), { recursive: true }),
    );
    writeFileSync(lock, JSON.stringify({ pid: process.pid }));
    let r = await guard(s, clock, ['--apply'], { dirs });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`another run holds the lock (pid ${process.pid})`);
    expect(r.stdout).toBe('');
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12_345 }));
    r = await guard(s, clock, [], { dirs });
    expect(r.code).toBe(10);
    // released after the run
    expect(() => readFileSync(lock)).toThrow();
  });
});

describe('guard: the executor can only hibernate', () => {
  it('is handed hibernate, start and one VM read picked from the client, and reaches nothing else', async () => {
    const touched: string[] = [];
    const spy = (path: string): unknown =>
      new Proxy(() => Promise.resolve({ status: 'ACTIVE' }), {
        get: (_t, k) => {
          if (typeof k !== 'string' || k === 'then') return undefined;
          touched.push(`${path}${k}`);
          return spy(`${path}${k}.`);
        },
      });
    const acts = hibernateOnly(spy('') as Api);
    const vm = { id: 7, name: 'x', status: 'SHUTOFF' };
    const step = {
      vm,
      rule: 'stopped',
      why: '',
      startFirst: true,
      retainIp: false,
      perHour: 1,
      hibernatedPerHour: 0,
      cut: false,
    } as const;
    const out = await runSteps(acts, [step, { ...step, startFirst: false }], {
      sleep: async () => {},
      pollMs: 1,
    });
    expect(out.map((o) => o.result)).toEqual(['done', 'done']);
    expect([...new Set(touched)].sort()).toEqual(['vms', 'vms.get', 'vms.hibernate', 'vms.start']);
    expect(Object.keys(acts).sort()).toEqual(['hibernate', 'startToHibernate', 'status']);
  });
});
