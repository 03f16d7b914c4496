/**
 * Pastes are text on every form and every screen (property-based, sampled per run: a printed seed, SEED=N replays,
 * FULL=1 runs every case). Random text (line breaks, tabs, the keys that act: x, y, D, q, Enter; colours and escape
 * sequences when marked), marked by the terminal (bracketed paste) or not (text only, three characters or more),
 * goes the App's way (KeyReader → one paste event).
 * - Every form, the paste at every focus (each field, the submit row): it never sends, cancels or moves the focus;
 *   a field that takes text gets the text of the paste, one line, within its cap; anywhere else nothing changes.
 * - Every screen of the registry, in its list, a row's detail, its raw JSON, the help, the palette and a filter
 *   being typed: nothing is asked of the service, no dialog opens, the screen stays; where no text field has the
 *   focus the status line says the paste was ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { textCap, visibleFields } from '../../src/ui/form/fields.js';
import { type FormState, focusTakesPaste, initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { keyName } from '../../src/ui/input/key-name.js';
import { KeyReader, PASTE_END, PASTE_START } from '../../src/ui/input/key-reader.js';
import type { KeyEvent } from '../../src/ui/input/read-keys.js';
import { cleanInput, clip } from '../../src/ui/TextInput.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';
import { FULL, rng, runSeed, sample } from '../support/sampling.js';
import { allFormsPerFile } from '../unit/all-forms.js';

const SEED = runSeed('paste property');

// ── random pastes ───────────────────────────────────────────────────────────────────────────────────────

const TEXT = 'abcxyzDqQ01 -_.:/@é日😀'.match(/./gu) as string[];
const BREAKS = ['\r', '\n', '\r\n', '\t'];
/** Sequences a copied text may carry; in a marked paste, arrows too (never keys there). */
const COLOURS = ['\x1b[31m', '\x1b[0m'];
const ESCAPES = ['\x1b[A', '\x1b[Z', '\x1b', '\x03', '\x7f', '\x1b]0;t\x07'];

/** A paste as the terminal sends it, and the text it holds. Unmarked: text only, at least three characters. */
function randomPaste(next: () => number, markedPaste: boolean): string {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  const parts: string[] = ['a', 'x', 'D'];
  const n = 1 + Math.floor(next() * 40);
  for (let i = 0; i < n; i++) {
    const r = next();
    if (r < 0.75) parts.push(pick(TEXT));
    else if (r < 0.9) parts.push(pick(BREAKS));
    else if (r < 0.95 || !markedPaste) parts.push(pick(COLOURS));
    else parts.push(pick(ESCAPES));
  }
  const text = parts.join('');
  return markedPaste ? `${PASTE_START}${text}${PASTE_END}` : text;
}

/** What the App's key reader makes of one read (a cut paste handed over as the reader gives up on the rest). */
function eventsOf(data: string): KeyEvent[] {
  const reader = new KeyReader();
  const events = reader.read(data);
  for (const e of reader.flush()) events.push(e);
  return events;
}

// ── every form ──────────────────────────────────────────────────────────────────────────────────────────

const forms = allFormsPerFile();

/** The form with the focus moved `tabs` times (Tab, as a user would). */
function focused(spec: FormSpec, tabs: number): FormState {
  let s = initFormState(spec);
  for (let i = 0; i < tabs; i++) s = formReduce(spec, s, 'tab', '\t', { ctrl: false }).state;
  return s;
}

describe('a paste at every focus of every form', () => {
  it('is text in a field that takes it, and nothing anywhere else: never a submit, a cancel or a move', () => {
    const cases = forms.flatMap(({ name, spec }) =>
      // every field and the submit row
      Array.from({ length: visibleFields(spec, initFormState(spec).values).length + 1 }, (_, tabs) =>
        [true, false].map((markedPaste) => ({ name, spec, tabs, markedPaste })),
      ).flat(),
    );
    // every case: a form's reducer is quick
    const chosen = cases;
    const next = rng(SEED);
    for (const { name, spec, tabs, markedPaste } of chosen) {
      const before = focused(spec, tabs);
      const events = eventsOf(randomPaste(next, markedPaste));
      const where = `${name}, focus ${before.focus}, ${markedPaste ? 'marked' : 'not marked'}`;
      expect(
        events.map((e) => e.key.paste === true),
        where,
      ).toEqual([true]);
      const paste = events[0] as KeyEvent;
      if (!focusTakesPaste(spec, before)) continue; // the App says "paste ignored here", the form is not asked
      const r = formReduce(spec, before, keyName(paste.input, paste.key), paste.input, paste.key);
      expect(r.submit, where).toBeUndefined();
      expect(r.cancel, where).toBeUndefined();
      expect(r.state.focus, where).toBe(before.focus);
      const field = spec.fields.find((f) => f.id === before.focus);
      if (field?.kind === 'text' && before.focus !== SUBMIT_ROW) {
        const was = String(before.values[field.id] ?? '');
        const wanted = clip(was + cleanInput(paste.input), textCap(field));
        expect(r.state.values[field.id], where).toBe(wanted);
      }
      for (const f of spec.fields) {
        if (f.id !== before.focus)
          expect(r.state.values[f.id], `${where}: ${f.id}`).toEqual(before.values[f.id]);
      }
    }
    console.log(`paste property: ${chosen.length} of ${cases.length} form cases (${forms.length} forms)`);
  }, 60_000);
});

// ── every screen ────────────────────────────────────────────────────────────────────────────────────────

const CONTEXTS = {
  list: { keys: [] as string[], text: false },
  detail: { keys: [KEY.enter], text: false },
  raw: { keys: [KEY.enter, 'y'], text: false },
  help: { keys: ['?'], text: false },
  palette: { keys: [':'], text: true },
  filter: { keys: ['/'], text: true },
} as const;

describe('a paste on every screen: its list, a detail, raw JSON, the help, the palette, a filter', () => {
  let app: AppHarness;
  beforeAll(async () => {
    app = await renderApp({ width: 120, height: 40 });
    await app.waitFor('ray-worker-1');
  }, 60_000);
  afterAll(() => app.cleanup());

  it(
    'asks nothing of the service, opens nothing, and is said ignored where no text field has the focus',
    async () => {
      const cases = SCREEN_REGISTRY.flatMap((screen) =>
        Object.keys(CONTEXTS).flatMap((context) =>
          [true, false].map((markedPaste) => ({
            screen,
            context: context as keyof typeof CONTEXTS,
            markedPaste,
          })),
        ),
      );
      const chosen = sample(cases, FULL ? cases.length : 10, SEED);
      const next = rng(SEED + 1);
      for (const { screen, context, markedPaste } of chosen) {
        const where = `${screen.name} ${context} ${markedPaste ? 'marked' : 'not marked'}`;
        await app.press(KEY.esc, KEY.esc, KEY.esc, ':', ...screen.name, KEY.enter);
        await app.waitFor((f) => f.includes(screen.title) && app.store.getState().screen === screen.name);
        for (const k of CONTEXTS[context].keys) await app.press(k);
        const logged = app.store.getState().actionLog.length;
        const overlay = app.store.getState().overlay;
        ui.say(app.store, where, 'info');
        const before = app.store.getState().status;
        await app.press(randomPaste(next, markedPaste));
        if (CONTEXTS[context].text) {
          // the text went into the field: the status line has nothing to say about it
          await new Promise((r) => setTimeout(r, 20));
          expect(app.store.getState().status?.text, where).toBe(where);
        } else {
          await app.waitFor(() => app.store.getState().status !== before, 5000);
          expect(app.store.getState().status?.text, where).toContain('paste ignored here');
        }
        const s = app.store.getState();
        expect(s.actionLog.length, where).toBe(logged);
        expect(s.modal, where).toBeNull();
        expect(s.overlay, where).toBe(overlay);
        expect(s.screen, where).toBe(screen.name);
      }
      console.log(`paste property: ${chosen.length} of ${cases.length} screen cases`);
    },
    FULL ? 1_200_000 : 120_000,
  );
});
