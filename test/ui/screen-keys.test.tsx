/**
 * The Key pairs / Environments screen against the simulator, with the app's modal layer (forms included): the
 * screen is not registered in the App yet, so a small host gives it what the App gives a screen (AppContext, the
 * one input dispatcher: modal first, then the screen's keys) and shows the status line under it.
 */
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { useMemo, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { KeysScreen } from '../../screens/keys.js';
import { RequestBudget } from '../../src/api/budget.js';
import { createApi } from '../../src/api/client.js';
import { createTransport } from '../../src/api/transport.js';
import { useModalLayer } from '../../src/app/ModalLayer.js';
import { ManualClock } from '../../src/sim/clock.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import type { ActionDeps } from '../../src/store/actions.js';
import { createAppStore } from '../../src/store/app-store.js';
import { Poller } from '../../src/store/poller.js';
import { targetFor } from '../../src/store/resources.js';
import { keyName } from '../../src/ui/input/key-name.js';
import { useKeys } from '../../src/ui/input/useKeys.js';
import { AppContext, type AppContextValue, type ScreenKeys } from '../../src/ui/screen/context.js';
import { createTheme, type Theme } from '../../src/ui/theme.js';
import { sshPublicKey } from '../support/sim-client.js';

const WIDTH = 130;
const HEIGHT = 36;
const KEY = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  down: '\x1b[B',
  ctrlS: '\x13',
  backspace: '\x7f',
} as const;

function Host({ deps, theme }: { deps: ActionDeps; theme: Theme }) {
  const screenKeys = useRef<ScreenKeys>({ bindings: [], handle: () => false });
  const modal = useModalLayer(deps.store, theme);
  const open = useStore(deps.store, (s) => s.modal) !== null;
  const status = useStore(deps.store, (s) => s.status);
  const ctx = useMemo<AppContextValue>(
    () => ({
      deps,
      theme,
      setScreenKeys: (k) => {
        screenKeys.current = k;
      },
    }),
    [deps, theme],
  );
  useKeys((keys) => {
    for (const { input, key } of keys) {
      const name = keyName(input, key);
      if (!modal.handleKey(name, input, key)) screenKeys.current.handle(name, input, key);
    }
  });
  return (
    <AppContext.Provider value={ctx}>
      <Box flexDirection="column" width={WIDTH}>
        <Box height={HEIGHT - 1} flexDirection="column">
          <KeysScreen width={WIDTH} height={HEIGHT - 1} active={!open} />
          {open ? <Box position="absolute">{modal.view(WIDTH, HEIGHT - 1)}</Box> : null}
        </Box>
        <Text>{status ? `status: ${status.text}` : 'status: —'}</Text>
      </Box>
    </AppContext.Provider>
  );
}

interface Harness {
  sim: Simulator;
  deps: ActionDeps;
  frame(): string;
  press(...keys: string[]): Promise<void>;
  waitFor(text: string | ((f: string) => boolean)): Promise<string>;
  cleanup(): Promise<void>;
}

const tick = async () => {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 5));
};

let current: Harness | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

async function renderKeys(o: { readOnly?: boolean; before?: (sim: Simulator) => Promise<void> | void } = {}) {
  const sim = await startSimulator({ seed: 1, clock: new ManualClock(), rateLimitPerMinute: 1_000_000 });
  const transport = createTransport({
    baseUrl: sim.url,
    apiKey: sim.keys.admin,
    budget: new RequestBudget({ perMinute: 100_000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 5, random: () => 0 },
  });
  const api = createApi(transport);
  await o.before?.(sim);
  const store = createAppStore({ screen: 'vms', readOnly: o.readOnly ?? false });
  const poller = new Poller(store, (k) => targetFor(api, k, store), { intervalMs: 600_000, fastMs: 600_000 });
  const deps: ActionDeps = { api, store, poller };
  const ink = render(<Text>{''}</Text>);
  Object.defineProperty(ink.stdout, 'columns', { value: WIDTH, configurable: true });
  Object.defineProperty(ink.stdout, 'rows', { value: HEIGHT, configurable: true });
  ink.rerender(<Host deps={deps} theme={createTheme({ color: false })} />);
  const frame = () => ink.lastFrame() ?? '';
  const h: Harness = {
    sim,
    deps,
    frame,
    async press(...keys) {
      for (const k of keys) {
        ink.stdin.write(k);
        await tick();
      }
    },
    waitFor: (what) =>
      vi.waitFor(
        () => {
          const f = frame();
          const ok = typeof what === 'string' ? f.includes(what) : what(f);
          if (!ok) throw new Error(`never matched ${String(what)}; last frame:\n${f}`);
          return f;
        },
        { timeout: 10_000, interval: 10 },
      ),
    async cleanup() {
      ink.unmount();
      ink.cleanup();
      poller.stop();
      await transport.close().catch(() => {});
      await sim.close();
    },
  };
  current = h;
  return h;
}

/** The table row under the cursor. */
const selected = (f: string) => f.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('Key pairs / Environments screen', () => {
  it('lists key pairs by environment with fingerprint and age; an environment without one is flagged', async () => {
    const app = await renderKeys({
      before: (sim) => {
        sim.world.envs.set(999, {
          id: 999,
          name: 'bare-env',
          region: 'CANADA-1',
          createdAt: sim.world.now(),
        });
      },
    });
    const f = await app.waitFor('bare-env/CANADA-1');
    expect(f).toContain('Key pairs / Environments');
    expect(f).toMatch(/NAME\s+ENVIRONMENT\/REGION\s+TYPE\s+FINGERPRINT\s+AGE/);
    expect(f).toMatch(/alice-laptop\s+research-norway\/NORWAY-1\s+ssh-ed25519\s+[0-9a-f]{2}:[0-9a-f]{2}:/);
    expect(f).toMatch(/bob-workstation\s+research-norway\/NORWAY-1\s+ssh-rsa/);
    expect(f).toMatch(/\(no key pair: i imports one\)\s+bare-env\/CANADA-1/);
    expect(f).toContain(
      '1 environment has no key pair: nothing can be created there until one is imported (i)',
    );
  });

  it("i imports a key pair into the selected row's environment; the list shows it at once", async () => {
    const app = await renderKeys({
      before: (sim) => {
        sim.world.envs.set(999, {
          id: 999,
          name: 'bare-env',
          region: 'CANADA-1',
          createdAt: sim.world.now(),
        });
      },
    });
    await app.waitFor('bare-env/CANADA-1');
    await app.press('g');
    expect(selected(app.frame())).toMatch(/bare-env/);
    await app.press('i');
    let f = await app.waitFor('Import key pair');
    expect(f).toContain('Only the public key is sent');
    await app.press('k', '1', KEY.tab, KEY.tab);
    const line = sshPublicKey('me@box');
    await app.press(line);
    f = await app.waitFor('me@box into bare-env');
    expect(f).toContain('ssh-ed25519 (256 bits)');
    await app.press(KEY.ctrlS);
    f = await app.waitFor((fr) => !fr.includes('Import key pair') && /k1\s+bare-env\/CANADA-1/.test(fr));
    expect(f).toContain('status: Key pair k1 imported into bare-env (ssh-ed25519, SHA256:');
    expect(f).not.toContain('(no key pair: i imports one)');
    expect([...app.sim.world.keypairs.values()].some((k) => k.name === 'k1' && k.publicKey === line)).toBe(
      true,
    );
  });

  it('n renames the selected key pair, D asks to type its name', async () => {
    const app = await renderKeys();
    await app.waitFor('alice-laptop  ');
    await app.waitFor('research-norway/NORWAY-1');
    const row = selected(app.frame());
    const name = row.slice(2).trim().split(/\s+/)[0] ?? '';
    await app.press('n');
    let f = await app.waitFor('Rename key pair');
    expect(f).toContain(`Rename key pair ${name}`);
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('Rename key pair'));
    await app.press('D');
    f = await app.waitFor(`Delete key pair ${name}?`);
    expect(f).toMatch(/Type its\s/);
  });

  it('E creates an environment, its name checked live', async () => {
    const app = await renderKeys();
    await app.waitFor('alice-laptop');
    await app.press('E');
    await app.waitFor('New environment');
    await app.press('e', 'U');
    let f = await app.waitFor('uppercase "U" is not allowed: use lowercase ("u")');
    await app.press(KEY.backspace, 'u', '-', '2', KEY.tab, KEY.enter, KEY.down, KEY.enter);
    f = await app.waitFor('eu-2 in CANADA-1');
    await app.press(KEY.ctrlS);
    f = await app.waitFor((fr) => /\(no key pair: i imports one\)\s+eu-2\/CANADA-1/.test(fr));
    expect(f).toContain('status: Environment eu-2 created in CANADA-1');
    expect([...app.sim.world.envs.values()].find((e) => e.name === 'eu-2')?.region).toBe('CANADA-1');
  });

  it('read-only: the keys that change the cloud open nothing and say why', async () => {
    const app = await renderKeys({ readOnly: true });
    await app.waitFor('alice-laptop');
    await app.press('i');
    let f = await app.waitFor('status: read-only');
    expect(f).toContain('status: read-only: "import key pair" is not allowed');
    await app.press('E');
    f = await app.waitFor('"new environment" is not allowed');
    expect(f).not.toContain('New environment');
    expect(app.deps.store.getState().modal).toBeNull();
  });
});
