// Hostile and broken input through the whole app (render-app: the real dispatcher, store, client and simulator):
// keys Ink 6.8's useInput crashed on, escape sequences inside a paste, pastes far larger than any field, a count
// typed far past what the service accepts.
import { afterEach, describe, expect, it } from 'vitest';
import { VM_COUNT_MAX } from '../../screens/forms/vm-create.js';
import { MAX_QUEUED_KEYS, MAX_SCREEN_KEYS } from '../../src/ui/input/key-queue.js';
import { TEXT_INPUT_MAX } from '../../src/ui/TextInput.js';
import { selectedRow, statusLine } from '../support/frame-text.js';
import { CTRL_F1_F4 } from '../support/hostile.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const CTRL_U = '\x15';

/** The Create VM form open, the name typed, the focus on Count. */
async function countField(a: AppHarness): Promise<void> {
  await a.waitFor('ray-worker-1');
  await a.press('c');
  await a.waitFor('Ctrl-S submit');
  await a.press(...'gpu');
  await a.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab);
  await a.waitFor((f) => /› Count/.test(f));
}

describe('keys Ink 6.8 crashed on', () => {
  it('Ctrl+F1–F4 (CSI and SS3 forms) do nothing, and the app goes on', async () => {
    app = await renderApp();
    await app.waitFor('ray-worker-1');
    const before = selectedRow(app.frame());
    for (const k of CTRL_F1_F4) await app.press(k); // each one threw "reading startsWith" from Ink's useInput
    expect(selectedRow(app.frame())).toBe(before);
    await app.press('j');
    await app.waitFor((f) => selectedRow(f) !== before);
    expect(app.exchanges.filter((e) => !e.startsWith('GET '))).toEqual([]);
  });

  it('a paste with ESC[0m, ESC[5m, ESC[31m inside types only its text', async () => {
    app = await renderApp();
    await app.waitFor('ray-worker-1');
    await app.press('/');
    await app.press('ray\x1b[0m-wor\x1b[5mker\x1b[31m-1'); // one read, as a terminal delivers a paste
    const f = await app.waitFor('/ray-worker-1');
    expect(f).not.toMatch(/\[(0|5|31)m/);
    await app.press(KEY.enter);
    await app.waitFor((fr) => selectedRow(fr).startsWith('› ray-worker-1 '));
  });
});

describe('numbers typed far past the bound', () => {
  it(`Count stops at what the service accepts (1–${VM_COUNT_MAX}): typing 100000000 keeps "10" and says why`, async () => {
    app = await renderApp();
    await countField(app);
    await app.press(CTRL_U, '100000000'); // the freeze of the report: every one of 100000000 names was built
    const f = await app.waitFor(`from 1 to ${VM_COUNT_MAX}`);
    expect(f).toMatch(/› Count\s+10 +1–20/); // "100" would be past 20: refused there
    // Still answering keys at once.
    await app.press(KEY.tab);
    await app.waitFor((fr) => /› Public IP/.test(fr));
  });
});

describe('pastes larger than anything takes', () => {
  it('a paste of 300 KB into a text field is cut at its cap; the form and the status line say so', async () => {
    app = await renderApp();
    await app.waitFor('ray-worker-1');
    await app.press('c');
    await app.waitFor('Ctrl-S submit');
    await app.press('a'.repeat(300_000));
    const f = await app.waitFor(`at most ${TEXT_INPUT_MAX} characters here`);
    expect(f).toContain(`${TEXT_INPUT_MAX}/50`);
    expect(statusLine(f)).toContain(`${300_000 - MAX_QUEUED_KEYS} keys dropped`);
    await app.press(CTRL_U);
    await app.waitFor('0/50');
  });

  it(`a screen takes at most ${MAX_SCREEN_KEYS} keys at once; the rest are dropped, and the status line says so`, async () => {
    app = await renderApp();
    await app.waitFor('ray-worker-1');
    await app.press('/');
    await app.press('x'.repeat(1000));
    await app.waitFor(`${1000 - MAX_SCREEN_KEYS} keys dropped`);
    // The keys kept are worked through, and the next key still acts: Esc clears the filter.
    await app.press(KEY.esc);
    await app.waitFor('ray-worker-1');
  });
});
