// Opening a form whose lists must load first, against a service that is slow to answer: the "loading …" dialog
// (what, for how long, Esc cancels), and a late answer that must not open the form the user gave up on.
import { afterEach, describe, expect, it } from 'vitest';
import { flat, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The dialog is open and says it loads the key pairs (its text wraps: read it flat). */
const loadingKeyPairs = (f: string) => f.includes('[Esc] cancel') && /loading [^…]*key pairs/.test(flat(f));

/** Holds every answer the simulator delays until `release()`. */
function gate() {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  return { delay: () => held, release };
}

describe('a form whose lists are slow to load', () => {
  it('says what is loading and for how long; Esc cancels at once, and the late lists open nothing', async () => {
    const g = gate();
    app = await renderApp({ delay: g.delay });
    await app.waitFor('ray-worker-1');
    const row = selectedRow(app.frame());
    app.sim.faults.set({ latencyMs: 1, paths: ['/core/keypairs'] }); // held until released
    await app.press('c');
    let f = await app.waitFor(loadingKeyPairs);
    expect(f).toContain('Create VM');
    expect(f).toContain('[Esc] cancel');
    // The elapsed time runs (0s, then 1s …).
    await app.waitFor((fr) => /loading [^…]*key pairs[^…]*… [1-9]\d*s/.test(flat(fr)));
    await app.press('j'); // keys meanwhile are the dialog's: not the table's
    await app.press(KEY.esc);
    f = await app.waitFor((fr) => !loadingKeyPairs(fr));
    expect(statusLine(f)).toContain('cancelled: Create VM not opened');
    expect(selectedRow(f)).toBe(row);

    g.release();
    await app.waitFor(() => app?.store.getState().slices.keypairs?.data !== undefined);
    await app.press('k'); // a key after the late answer: the app is on its screen, no form came up
    f = app.frame();
    expect(app.store.getState().modal).toBeNull();
    expect(f).not.toContain('Ctrl-S submit');
  });

  it('opens the form once the lists are in, with no key needed', async () => {
    const g = gate();
    app = await renderApp({ delay: g.delay });
    await app.waitFor('ray-worker-1');
    app.sim.faults.set({ latencyMs: 1, paths: ['/core/keypairs'] });
    await app.press('c');
    await app.waitFor(loadingKeyPairs);
    g.release();
    const f = await app.waitFor('Ctrl-S submit');
    expect(loadingKeyPairs(f)).toBe(false);
  });
});
