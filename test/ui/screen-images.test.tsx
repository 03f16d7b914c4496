/**
 * The Images screen in the whole app, against the simulator: the organisation's custom image first, the detail read alone, delete (typed name, marked, gone), a public image refused with
 * the reason, read-only; the snapshot detail's I opens the image made of it, selected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AppHarness,
  cleanupApps,
  KEY,
  renderApp,
  selectRow,
  withStatus,
} from '../support/render-app.js';

afterEach(cleanupApps);

async function render(o: { screen?: 'images' | 'snapshots'; readOnly?: boolean } = {}) {
  const app = await renderApp({
    screen: o.screen ?? 'images',
    width: 150,
    height: 40,
    refreshMs: 600_000,
    ...(o.readOnly ? { readOnly: true } : {}),
  });
  return withStatus(app);
}

const custom = (app: AppHarness) => app.sim.world.images.find((i) => i.name === 'golden-cuda-12');

describe('Images screen', () => {
  it("lists the organisation's image first, then the public catalogue", async () => {
    const app = await render();
    const f = await app.waitFor((fr) => /golden-cuda-12\s+organisation\s+NORWAY-1/.test(fr));
    expect(f).toMatch(/NAME\s+OWNER\s+REGION\s+OS/);
    const rows = f.split('\n').filter((l) => /\s(organisation|public)\s/.test(l));
    expect(rows[0]).toMatch(/golden-cuda-12\s+organisation/);
    expect(rows.slice(1).every((l) => /\spublic\s/.test(l))).toBe(true);
  });

  it('Enter reads the image alone and says what it is; D deletes it once its name is typed', async () => {
    const app = await render();
    await app.waitFor('golden-cuda-12');
    await selectRow(app, 'golden-cuda-12');
    const id = custom(app)!.id;
    await app.press(KEY.enter);
    let f = await app.waitFor('Made of a snapshot');
    expect(f).toMatch(/Owner\s+this organisation/);
    await app.waitFor(() => app.exchanges.includes(`GET /core/images/${id}`));
    await app.press(KEY.esc);
    await app.press('D');
    f = await app.waitFor('Delete image golden-cuda-12?');
    await app.press(...'golden'.split(''), KEY.enter);
    await app.waitFor('that is not the exact name');
    expect(custom(app)).toBeDefined();
    await app.press(...'-cuda-12'.split(''), KEY.enter);
    f = await app.waitFor(
      (fr) => fr.includes('status: Image golden-cuda-12 deleted') && !/organisation/.test(fr),
    );
    expect(custom(app)).toBeUndefined();
    expect(app.exchanges.filter((e) => e === `DELETE /core/images/${id}`)).toHaveLength(1);
  });

  it("a public image: D says why it cannot be deleted; read-only refuses D on the organisation's", async () => {
    const app = await render();
    await app.waitFor('Ubuntu Server 22.04 LTS');
    await selectRow(app, 'Ubuntu Server 22.04 LTS');
    await app.press('D');
    await app.waitFor('only the organisation’s own images can be deleted');
    expect(app.store.getState().modal).toBeNull();
    await app.cleanup();

    const ro = await render({ readOnly: true });
    await ro.waitFor('golden-cuda-12');
    await selectRow(ro, 'golden-cuda-12');
    await ro.press('D');
    const f = await ro.waitFor('status: read-only');
    expect(f).toContain('"delete" is not allowed');
    expect(ro.store.getState().modal).toBeNull();
  });

  it("the snapshot's I opens the image made of it on :images, selected", async () => {
    const app = await render({ screen: 'snapshots' });
    const snap = [...app.sim.world.snapshots.values()].find((x) => x.name.endsWith('-golden-cuda-12'))!;
    await selectRow(app, snap.name);
    await app.press(KEY.enter);
    await app.waitFor('golden-cuda-12 (#');
    await app.press('I');
    await app.waitFor(
      (fr) => app.store.getState().screen === 'images' && /^› golden-cuda-12\s+organisation/m.test(fr),
    );
  });
});
