/** The profile picker before the app mounts (several profiles, none the default), on the built bundle in a pty. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { assertBuilt, type PtyApp, spawnApp } from '../support/pty.js';

let sim: Simulator;
let app: PtyApp | undefined;
beforeAll(async () => {
  assertBuilt();
  sim = await startSimulator({ rateLimitPerMinute: 0 });
});
afterAll(() => sim.close());
afterEach(() => {
  app?.dispose();
  app = undefined;
});

function configHome(file: object): string {
  const home = mkdtempSync(join(tmpdir(), 'hs-picker-'));
  mkdirSync(join(home, 'hyperstack-tui'));
  writeFileSync(join(home, 'hyperstack-tui', 'config.json'), JSON.stringify(file), { mode: 0o600 });
  return home;
}

const env = (home: string) => ({
  XDG_CONFIG_HOME: home,
  XDG_STATE_HOME: home,
  HYPERSTACK_API_KEY: undefined,
  HYPERSTACK_PROFILE: undefined,
});

/** The picker over two profiles (alpha, and a read-only beta), its highlight moved to beta. */
async function pickerOnBeta(): Promise<PtyApp> {
  const home = configHome({
    profiles: {
      alpha: { apiKey: sim.keys.admin, baseUrl: sim.url },
      beta: { apiKey: sim.keys.readonly, baseUrl: sim.url, readOnly: true },
    },
  });
  const picker = spawnApp([], { env: env(home), cols: 100, rows: 30 });
  app = picker; // disposed after the test, even should the picker never come
  await picker.waitFor('Which profile?', 20_000);
  expect(picker.screenText()).toMatch(/alpha[\s\S]*beta/);
  // the highlight moves once the picker reads keys (raw mode comes on just after the first frame)
  await picker.waitFor((s) => {
    if (!/❯ beta/.test(s)) picker.write('\x1b[B');
    return /❯ beta/.test(s);
  }, 20_000);
  return picker;
}

describe('profile picker', () => {
  it('several profiles and no default: asks which, then opens the app on it', async () => {
    app = await pickerOnBeta();
    app.write('\r');
    const screen = await app.waitFor(/beta .*READ-ONLY/, 20_000);
    expect(screen.split('\n')[0]).toContain('beta');
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
  }, 60_000);

  it('keys that arrive in one read (a slow SSH link) open the profile the last of them highlights', async () => {
    app = await pickerOnBeta();
    // up, then Enter, in one write: Enter opens alpha, the row up moved to, not beta
    app.write('\x1b[A\r');
    const screen = await app.waitFor(/^1 .*(alpha|beta)/, 20_000);
    expect(screen.split('\n')[0]).toContain('alpha');
    expect(screen.split('\n')[0]).not.toContain('READ-ONLY');
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
  }, 60_000);

  it('Esc leaves without starting the app; a default profile skips the picker', async () => {
    const profiles = {
      alpha: { apiKey: sim.keys.admin, baseUrl: sim.url },
      beta: { apiKey: sim.keys.admin, baseUrl: sim.url },
    };
    app = spawnApp([], { env: env(configHome({ profiles })), cols: 100, rows: 30 });
    await app.waitFor('Which profile?', 20_000);
    app.write('\x1b');
    expect((await app.exit).exitCode).toBe(0);
    app.dispose();
    app = spawnApp([], { env: env(configHome({ profiles, defaultProfile: 'beta' })), cols: 100, rows: 30 });
    const screen = await app.waitFor((s) => s.split('\n')[0]?.includes('beta') ?? false, 20_000);
    expect(screen).not.toContain('Which profile?');
    app.write('q');
    await app.exit;
  }, 60_000);
});
