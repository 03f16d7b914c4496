/**
 * Pastes are text, never key presses (the app in ink-testing-library against the simulator). Pasting `xy` on the
 * VM list once stopped a VM (x: stop, y: yes), and an e-mail with its line break sent an invitation. A paste, marked
 * by the terminal (bracketed paste) or not (three characters or more of text in one read), is inserted in a text
 * field, its line breaks and tabs as spaces; on a list, a y/n question, a menu or the help it does nothing but say
 * "paste ignored here". One app for every case: each leaves it as it found it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTE_END, PASTE_START } from '../../src/ui/input/key-reader.js';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, KEY, renderApp, selectRow } from '../support/render-app.js';

const marked = (text: string) => `${PASTE_START}${text}${PASTE_END}`;
const IGNORED = 'paste ignored here';

let app: AppHarness;
beforeAll(async () => {
  app = await renderApp({ width: 130, height: 40 });
  await app.waitFor('ray-worker-1');
}, 60_000);
afterAll(() => app.cleanup());

/** The changes asked of the service (the action log: a VM's stop is a GET). */
const changes = () => app.store.getState().actionLog;

/** Pastes `data` (one read) and waits until the status line says it was ignored. */
async function ignoredPaste(data: string) {
  const before = app.store.getState().status;
  await app.press(data);
  await app.waitFor(
    () => app.store.getState().status !== before && statusLine(app.frame()).includes(IGNORED),
  );
}

/** Back to the VM list, nothing open. */
async function home() {
  for (let i = 0; i < 4 && (app.store.getState().modal || app.store.getState().overlay); i++) {
    await app.press(app.frame().includes('discard changes? y/n') ? 'y' : KEY.esc);
  }
  await app.press(KEY.esc, '2');
  await app.waitFor((f) => f.includes('[2 vms]') && !f.includes('esc back'));
}

describe('a paste on the VM list, in a y/n question, a menu, the help', () => {
  it.each([
    ['marked', marked('xy')],
    ['not marked', 'xyz'],
  ])('%s: `xy…` on the list stops nothing and opens nothing', async (_, data) => {
    await home();
    const f = await selectRow(app, 'ray-worker-1');
    expect(footerLine(f)).toContain('x stop');
    await ignoredPaste(data);
    expect(app.store.getState().modal).toBeNull();
    expect(changes()).toEqual([]);
  });

  it('in the stop question, a pasted `y` does not answer it', async () => {
    await home();
    await selectRow(app, 'ray-worker-1');
    await app.press('x');
    await app.waitFor('Stop ray-worker-1?');
    await ignoredPaste(marked('y'));
    expect(app.frame()).toContain('Stop ray-worker-1?');
    await app.press(KEY.esc);
    expect(changes()).toEqual([]);
  });

  it('in the help: ignored, the help stays', async () => {
    await home();
    await app.press('?');
    await app.waitFor('Esc or ? closes');
    await ignoredPaste(marked('q'));
    expect(app.store.getState().overlay).toBe('help');
  });
});

describe('a paste in a text field is inserted: its line breaks and tabs never move the focus nor send', () => {
  it('the filter being typed takes it, one line', async () => {
    await home();
    await app.press('/');
    await app.press(marked('bench\r\n'));
    await app.waitFor((f) => f.includes('bench-3') && !f.includes('ray-worker-1'));
    await app.press(KEY.esc);
  });

  it('the command palette takes it; its Enter does not run it', async () => {
    await home();
    await app.press(':');
    await app.press(marked('clusters\r'));
    await app.waitFor(':clusters');
    expect(app.store.getState().screen).toBe('vms');
    await app.press(KEY.esc);
  });

  it('the delete dialog takes the name; its line break does not confirm', async () => {
    await home();
    await selectRow(app, 'bench-3');
    await app.press('D');
    await app.waitFor('Delete bench-3?');
    await app.press(marked('bench-3\r\n'));
    await app.waitFor('> bench-3');
    expect(app.frame()).toContain('Delete bench-3?');
    expect(changes()).toEqual([]);
    await app.press(KEY.esc);
  });

  it('the invite form: an e-mail with its line break is typed in, nothing is sent', async () => {
    await home();
    await app.press(':', ...'org', KEY.enter);
    await app.waitFor('Alice Nakamura');
    await app.press('n');
    await app.waitFor('Invite a member');
    await app.press(marked('ivy@example.com\r\n'));
    await app.waitFor('invite ivy@example.com');
    await new Promise((r) => setTimeout(r, 100));
    expect(changes()).toEqual([]);
    expect(app.store.getState().modal?.kind).toBe('form');
    await home();
  });

  it('a form: tabs and line breaks inside a paste are spaces in the field, the focus stays', async () => {
    await home();
    await app.press('c');
    await app.waitFor((f) => f.includes('Create VM') && f.includes('[ Create'));
    await app.press('a b\tc\nd'); // not marked: text only, in one read
    const f = await app.waitFor('a b c d');
    // the focus is still on the first field: Tab moves on from there
    expect(f).toMatch(/›[^\n]*a b c d/);
    await home();
  });
});
