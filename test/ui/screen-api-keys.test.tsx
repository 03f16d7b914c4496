/**
 * The API keys screen in the whole app, against the simulator: the list without secrets, a new key shown once in a
 * dialog that says so and copied on request (OSC 52) yet kept nowhere (store, action log, status line, raw JSON),
 * delete by typed name (the deleted key is refused by the service from then on), read-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

const CTRL_S = '\x13';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const frameWithStatus = (a: AppHarness) => `${a.frame()}\nstatus: ${statusLine(a.frame()).slice(2)}`;

describe('API keys screen', () => {
  it('lists the keys by name; a new key is shown once, copied with c, and kept nowhere', async () => {
    app = await renderApp({ screen: 'api-keys', width: 140, height: 40, refreshMs: 600_000 });
    const a = app;
    await a.waitFor('terraform-ci');
    const seeded = [...a.sim.world.apiKeys.values()].map((k) => k.key);
    expect(seeded.some((k) => a.frame().includes(k))).toBe(false);

    await a.press('n');
    await a.waitFor('New API key');
    await a.press(...'rotation-2026', KEY.tab, ...'new CI key', CTRL_S);
    await a.waitFor('shown this once');
    const secret = [...a.sim.world.apiKeys.values()].find((k) => k.name === 'rotation-2026')!.key;
    expect(a.frame()).toContain(secret);
    await a.press('c');
    await a.waitFor(() => a.copied.some((c) => c.includes(Buffer.from(secret).toString('base64'))));
    await a.waitFor(() => a.store.getState().modal === null);
    const f = frameWithStatus(a);
    expect(f).not.toContain(secret);
    expect(f).toContain('copied to');
    await a.waitFor('rotation-2026');
    // nowhere in the app's state: the store (lists, action log, status) holds no copy of it
    expect(JSON.stringify(a.store.getState())).not.toContain(secret);
    await selectRow(a, 'rotation-2026');
    await a.press('y');
    await a.waitFor('"name"');
    expect(a.frame()).not.toContain(secret);
  });

  it('e renames a key and changes its description: the key itself stays (it still authenticates)', async () => {
    app = await renderApp({ screen: 'api-keys', width: 140, height: 40, refreshMs: 600_000 });
    const a = app;
    await selectRow(a, 'grafana-exporter');
    const before = [...a.sim.world.apiKeys.values()].find((k) => k.name === 'grafana-exporter')!;
    await a.press('e');
    await a.waitFor('Edit API key grafana-exporter');
    await a.press(...'-2', KEY.tab, KEY.backspace, CTRL_S);
    await a.waitFor('API key grafana-exporter-2 saved');
    await a.waitFor((f) => /^. grafana-exporter-2 /m.test(f));
    const after = a.sim.world.apiKeys.get(before.id)!;
    expect(after.name).toBe('grafana-exporter-2');
    expect(after.description).toBe('Billing dashboard exporte');
    expect(after.key).toBe(before.key);
  });

  it('D deletes a key once its name is typed; read-only refuses n and D', async () => {
    app = await renderApp({ screen: 'api-keys', width: 140, height: 40, refreshMs: 600_000 });
    const a = app;
    await selectRow(a, 'grafana-exporter');
    await a.press('D');
    await a.waitFor('Delete API key grafana-exporter?');
    await a.press(...'grafana-exporter', KEY.enter);
    await a.waitFor(
      (fr) => !/^. grafana-exporter /m.test(fr) && fr.includes('API key grafana-exporter deleted'),
    );
    expect([...a.sim.world.apiKeys.values()].some((k) => k.name === 'grafana-exporter')).toBe(false);
    await a.cleanup();

    app = await renderApp({ screen: 'api-keys', width: 140, height: 40, readOnly: true });
    const ro = app;
    await selectRow(ro, 'terraform-ci');
    await ro.press('D');
    await ro.waitFor('"delete" is not allowed');
    await ro.press('n');
    await ro.waitFor('"new key" is not allowed');
    expect(ro.store.getState().modal).toBeNull();
  });
});
