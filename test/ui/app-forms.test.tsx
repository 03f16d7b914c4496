import { afterEach, describe, expect, it } from 'vitest';
import { flat, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

const CTRL_S = '\x13';
let app: AppHarness | undefined;
afterEach(cleanupApps);

const firewallsNamed = (a: AppHarness, name: string) =>
  [...a.sim.world.firewalls.values()].filter((f) => f.name === name);

describe('forms in the app (the form modal wired into the key dispatcher)', () => {
  it('creates a firewall from the form; Enter pressed twice while sending creates one', async () => {
    app = await renderApp({ screen: 'firewalls' });
    await app.waitFor('Firewalls');
    await app.press('n');
    await app.waitFor('[ Create ]'); // the form itself (a "loading environments" dialog may come first)
    await app.press(...'edge-fw'.split(''));
    await app.waitFor((f) => /› Name\s+edge-fw/.test(f));
    await app.press(KEY.tab, KEY.enter); // environment: open the list
    await app.press(KEY.enter); // choose the first (focus moves on to the description)
    await app.press(KEY.tab); // the submit row
    await app.waitFor('edge-fw in ');
    await app.burst(KEY.enter, KEY.enter);
    await app.waitFor((f) => !f.includes('New firewall'));
    await app.waitFor('edge-fw');
    expect(firewallsNamed(app, 'edge-fw')).toHaveLength(1);
  });

  it('two Ctrl-S in one read, then Enter and Ctrl-S while it is sent: one request, one firewall', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    app = await renderApp({ screen: 'firewalls', delay: () => held });
    await app.waitFor('Firewalls');
    await app.press('n');
    await app.waitFor('[ Create ]'); // the form itself (a "loading environments" dialog may come first)
    await app.press(...'once-fw'.split(''), KEY.tab, KEY.enter, KEY.enter);
    await app.waitFor('once-fw in ');
    app.sim.faults.set({ latencyMs: 1, paths: ['/core/firewalls'] }); // the answer is held until released
    await app.press(CTRL_S + CTRL_S); // one write: both keys arrive in the same read
    await app.waitFor('[ sending… ]');
    await app.press(KEY.enter, CTRL_S, KEY.tab, KEY.enter);
    expect(app.frame()).toContain('[ sending… ]');
    release();
    await app.waitFor((f) => !f.includes('New firewall'));
    await app.waitFor('once-fw');
    expect(app.exchanges.filter((e) => e === 'POST /core/firewalls')).toHaveLength(1);
    expect(firewallsNamed(app, 'once-fw')).toHaveLength(1);
  });

  it('keeps the form and everything typed when the service refuses; Esc asks before discarding', {
    timeout: 60_000,
  }, async () => {
    app = await renderApp({ screen: 'firewalls' });
    await app.waitFor('Firewalls');
    const taken = [...app.sim.world.firewalls.values()][0]!;
    await app.press('n');
    await app.waitFor('[ Create ]');
    // The same name in another environment passes the form's own check; make the service refuse it instead.
    app.sim.faults.set({ error5xxRate: 1, paths: ['/core/firewalls'] });
    await app.press(...'x-fw'.split(''), KEY.tab, KEY.enter, KEY.enter, CTRL_S);
    // A 5xx: the service may have created it anyway (the form says so), and everything typed is kept.
    await app.waitFor(
      (f) => f.includes('⚠ outcome unknown:') && flat(f).includes('It may have been done anyway'),
    );
    expect(app.frame()).toContain('x-fw');
    expect(app.frame()).toContain('New firewall');
    // the status line no longer says "reloading…" once the reload is over (it fails too: the same 5xx)
    await app.waitFor((f) => statusLine(f).includes('outcome unknown, the list could not be reloaded'));
    // sending again is asked first: Enter and Ctrl-S send nothing
    const posts = () => app!.exchanges.filter((e) => e === 'POST /core/firewalls').length;
    expect(posts()).toBe(1);
    await app.press(CTRL_S);
    await app.waitFor('send again? y/n');
    await app.press(KEY.enter, 'n');
    await app.waitFor((f) => !f.includes('send again? y/n'));
    expect(posts()).toBe(1);
    app.sim.faults.clear();
    await app.press(KEY.esc);
    await app.waitFor('discard changes?');
    await app.press('n');
    await app.waitFor((f) => f.includes('New firewall') && !f.includes('discard changes?'));
    await app.press(KEY.esc);
    await app.press('y');
    await app.waitFor((f) => !f.includes('New firewall'));
    expect(firewallsNamed(app, 'x-fw')).toHaveLength(0);
    expect(taken).toBeTruthy();
  });
});

describe('a tall form in a small terminal', () => {
  it('never draws more rows than the terminal has (a taller frame scrolls it and smears the header)', async () => {
    app = await renderApp({ width: 80, height: 24 });
    await app.waitFor('ray-worker-1');
    await app.press('c');
    await app.waitFor('Ctrl-S submit'); // the form itself, not the "loading …" dialog before it
    await app.press(KEY.tab, KEY.enter); // the environment list opens under its field
    const f = await app.waitFor('type to filter');
    const rows = f.split('\n');
    expect(rows.length).toBeLessThanOrEqual(23);
    expect(rows[0]).toMatch(/^1 stock \[2 vms\]/);
    expect(f).toContain('Create VM');
  });
});
