/**
 * Read-only mode is refused in ONE place, the key dispatcher, with one wording that says where read-only came from:
 * every key that changes the cloud, on every screen, opens nothing, sends nothing and says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** Every screen and the keys there that change something (for the row the cursor starts on). */
const MUTATION_KEYS: ReadonlyArray<[string, string, readonly string[]]> = [
  ['2', 'vms', ['c', 'P', 'x', 'b', 'h', 'p', 'a', 'n', 'D', 'v', 'z', 'd', 'u', 't']],
  ['3', 'clusters', ['c', 'D']],
  ['4', 'firewalls', ['n', 'a', 'x', 'A', 'D']],
  ['6', 'keys', ['i', 'n', 'D', 'E']],
];
const writes = (a: AppHarness) =>
  a.exchanges.filter(
    (e) => !e.startsWith('GET ') || /\/(start|stop|hard-reboot|hibernate|request-console)/.test(e),
  );

describe('read-only (--read-only or a profile)', () => {
  it.each([
    [{ readOnly: true }, '--read-only'],
    [{ readOnly: true, readOnlyBy: 'profile prod' }, 'profile prod'],
  ])('every key that changes the cloud is refused by the dispatcher (%j)', async (opts, by) => {
    app = await renderApp({ ...opts, width: 160 });
    for (const [screenKey, screen, keys] of MUTATION_KEYS) {
      await app.press(screenKey);
      await app.waitFor(() => app!.store.getState().screen === screen);
      await app.waitFor((f) => f.includes('› '));
      for (const key of keys) {
        app.store.setState({ status: null });
        await app.press(key);
        const f = await app.waitFor((fr) => statusLine(fr).includes('read-only'));
        expect(statusLine(f)).toMatch(new RegExp(`read-only \\(${by}\\): ".+" is not allowed`));
        expect(app.store.getState().modal, `${screen} ${key}`).toBeNull();
      }
    }
    expect(writes(app)).toEqual([]);
  });
});
