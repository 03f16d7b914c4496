/** `:ctx NAME` switches the config profile: the other service's data, its read-only, its name in the header. */

import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppDeps } from '../../src/app/deps.js';
import { Root, type Session } from '../../src/app/Root.js';
import { loadScreens } from '../../src/app/screens.js';
import type { ScreenName } from '../../src/domain/registered.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { createTheme } from '../../src/ui/theme.js';
import { KEY, tick } from '../support/render-app.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function session(sim: Simulator, profile: string, readOnly: boolean, screen: ScreenName = 'vms'): Session {
  const { deps, transport } = createAppDeps({
    baseUrl: sim.url,
    apiKey: sim.keys.admin,
    screen,
    readOnly,
    readOnlyBy: readOnly ? `profile ${profile}` : undefined,
    refreshMs: 60_000,
    requestsPerMinute: 100_000,
  });
  cleanups.push(() => {
    deps.poller.stop();
    return transport.close().catch(() => {});
  });
  return {
    deps,
    transport,
    theme: createTheme({ color: false }),
    profile,
    baseUrl: sim.url,
    refreshMs: 60_000,
  };
}

describe(':ctx', () => {
  it('switches to another profile: its data, its read-only, its name in the header; the old poller stops', async () => {
    const a = await startSimulator({ seed: 1, rateLimitPerMinute: 0 });
    const b = await startSimulator({ seed: 2, vmCount: 3, rateLimitPerMinute: 0 });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const aNames = [...a.world.vms.values()].map((v) => v.name);
    const bNames = [...b.world.vms.values()].map((v) => v.name).filter((n) => !aNames.includes(n));
    expect(bNames.length).toBeGreaterThan(0);
    const first = session(a, 'dev', false);
    first.deps.poller.watch(['vms', 'environments']);
    const open = vi.fn(async (name: string, screen: ScreenName) => {
      if (name !== 'prod') throw new Error('no such profile');
      return session(b, 'prod', true, screen);
    });
    const ink = render(<Text>{''}</Text>);
    Object.defineProperty(ink.stdout, 'columns', { value: 120, configurable: true });
    Object.defineProperty(ink.stdout, 'rows', { value: 40, configurable: true });
    cleanups.push(() => ink.unmount());
    ink.rerender(<Root first={first} screens={await loadScreens()} profiles={['dev', 'prod']} open={open} />);
    const frame = () => ink.lastFrame() ?? '';
    const waitFor = (ok: (f: string) => boolean) =>
      vi.waitFor(
        () => {
          if (!ok(frame())) throw new Error(frame());
        },
        { timeout: 10_000, interval: 10 },
      );
    const press = async (...keys: string[]) => {
      for (const k of keys) {
        ink.stdin.write(k);
        await tick();
      }
    };
    await waitFor((f) => f.includes(aNames[0]!));
    expect(frame().split('\n')[0]).toMatch(/ dev /);
    expect(frame()).not.toContain('READ-ONLY');

    // completion: "ctx p" + Tab completes to the profile's full command
    await press(':', ...'ctx p', '\t');
    await waitFor((f) => f.includes(':ctx prod'));
    expect(frame()).toContain('switch to config profile prod');
    await press(KEY.enter);
    await waitFor((f) => f.includes(bNames[0]!));
    expect(open).toHaveBeenCalledWith('prod', 'vms');
    const f = frame();
    expect(f.split('\n')[0]).toMatch(/ prod .*READ-ONLY/);
    for (const n of aNames.filter((x) => !bNames.includes(x)).slice(0, 5)) expect(f).not.toContain(` ${n} `);
    expect(f).toContain('switched to profile prod');
    // the old session no longer polls
    const before = a.requestCount();
    await first.deps.poller.refresh('vms');
    expect(a.requestCount()).toBe(before);

    // read-only follows the profile: a mutation key is refused with the profile's name
    await press('c');
    await waitFor((x) => x.includes('read-only (profile prod)'));

    // a profile that cannot open is said, and nothing changes
    await press(':', ...'context dev', KEY.enter);
    await waitFor((x) => x.includes('cannot switch to profile dev: no such profile'));
    expect(frame().split('\n')[0]).toMatch(/ prod /);
  });
});
