/**
 * The object storage screen in the whole app, against the simulator: the regions and health on top, the buckets
 * (no creation in the API: said where the user looks), a bucket's detail read alone, delete by typed name; the
 * access keys: a new one's secret shown once (the API keys' dialog), copied on request, kept nowhere; delete by
 * the typed key; read-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppHarness, KEY, renderApp, selectRow, statusLine } from '../support/render-app.js';

const CTRL_S = '\x13';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

describe('object storage screen', () => {
  it('lists the buckets with the regions, health and how buckets are made; Enter reads one; D deletes it once named', async () => {
    app = await renderApp({ screen: 'buckets', width: 140, height: 40, refreshMs: 600_000 });
    const a = app;
    await a.waitFor((f) => f.includes('northwind-checkpoints') && f.includes('health ok'));
    expect(a.frame()).toContain('regions CANADA-1');
    expect(a.frame()).toContain('no bucket creation in the API');
    await selectRow(a, 'ci-artifacts');
    await a.press(KEY.enter);
    await a.waitFor((f) => f.includes('On disk') && f.includes('objectstorage'));
    // the bucket read alone while its detail is open
    await a.waitFor(() => a.exchanges.some((x) => x.includes('/object-storage/buckets/ci-artifacts')));
    await a.press(KEY.esc);
    await selectRow(a, 'tmp-exports');
    await a.press('D');
    await a.waitFor('Delete bucket tmp-exports and everything in it?');
    await a.press(...'tmp-exports', KEY.enter);
    await a.waitFor((f) => !/^. tmp-exports /m.test(f) && f.includes('Bucket tmp-exports deleted'));
    expect([...a.sim.world.buckets.values()].some((b) => b.name === 'tmp-exports')).toBe(false);
  });

  it('a new access key’s secret is shown once, copied with c and kept nowhere; D deletes a key once it is typed', async () => {
    app = await renderApp({ screen: 'buckets', width: 140, height: 40, refreshMs: 600_000 });
    const a = app;
    await a.waitFor('northwind-checkpoints');
    await a.press('a');
    await a.waitFor('rclone on the training nodes');
    const before = new Set(a.sim.world.accessKeys.keys());
    await a.press('n');
    await a.waitFor('New object-storage access key');
    await a.press(KEY.tab, ...'backup job', CTRL_S);
    await a.waitFor('shown this once');
    const made = [...a.sim.world.accessKeys.values()].find((k) => !before.has(k.id))!;
    expect(made.description).toBe('backup job');
    // the simulator keeps no secret either: the dialog's is the only copy, read from the frame
    const secret = /^[│ ]*([A-Za-z0-9x=]{40})\s*[│ ]*$/m.exec(a.frame())?.[1];
    expect(secret).toBeDefined();
    await a.press('c');
    await a.waitFor(() => a.copied.some((c) => c.includes(Buffer.from(secret!).toString('base64'))));
    await a.waitFor(() => a.store.getState().modal === null);
    await a.waitFor(made.accessKey);
    expect(`${a.frame()}${statusLine(a.frame())}`).not.toContain(secret);
    expect(JSON.stringify(a.store.getState())).not.toContain(secret);
    await selectRow(a, made.accessKey);
    await a.press('y');
    await a.waitFor('"access_key"');
    expect(a.frame()).not.toContain(secret);
    await a.press(KEY.esc);

    const victim = [...a.sim.world.accessKeys.values()].find(
      (k) => k.description === 'rclone on the training nodes',
    )!;
    await selectRow(a, victim.accessKey);
    await a.press('D');
    await a.waitFor(`Delete access key ${victim.accessKey}?`);
    await a.press(...victim.accessKey, KEY.enter);
    await a.waitFor((f) => !f.includes('rclone on the training nodes') && f.includes('deleted'));
    expect(a.sim.world.accessKeys.has(victim.id)).toBe(false);
  });

  it('with no bucket, the empty list says the API cannot make one and how buckets are made; c and the help say it too', async () => {
    app = await renderApp({
      screen: 'buckets',
      width: 200,
      height: 30,
      before: (sim) => sim.world.buckets.clear(),
    });
    await app.waitFor('no buckets: the API has no bucket creation: make buckets with an S3 client');
    await app.cleanup();
    // c on a bucket says it too, and so does the help
    app = await renderApp({ screen: 'buckets', width: 200, height: 60 });
    const a = app;
    await a.waitFor('datasets-raw');
    await a.press('c');
    await a.waitFor((f) => statusLine(f).includes('the API has no bucket creation'));
    await a.press('?');
    await a.waitFor((f) => /c +create bucket/.test(f) && f.includes('no bucket creation'));
  });

  it('read-only refuses D and n, on both views', async () => {
    app = await renderApp({ screen: 'buckets', width: 140, height: 40, readOnly: true });
    const a = app;
    await selectRow(a, 'datasets-raw');
    await a.press('D');
    await a.waitFor('"delete" is not allowed');
    await a.press('a');
    await a.waitFor('rclone on the training nodes');
    await a.press('n');
    await a.waitFor('"new access key" is not allowed');
    expect(a.store.getState().modal).toBeNull();
    expect(a.sim.world.buckets.size).toBe(4);
  });
});
