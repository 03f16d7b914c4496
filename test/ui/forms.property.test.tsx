// Property-based test of EVERY form (screens/forms/*, built with the simulator's organisation as data): random
// terminal input (keys, escape sequences, pastes of several KB) goes the App's way (KeyReader → the key queue, a
// text run joined when a text field has the focus → keyName → formReduce), and the form never throws, keeps every
// value within its bounds, and stays small.
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { FormView } from '../../src/ui/form/FormView.js';
import { numberCap, textCap } from '../../src/ui/form/fields.js';
import {
  type FormState,
  focusTakesPaste,
  focusTakesText,
  initFormState,
  LIST_QUERY_MAX,
} from '../../src/ui/form/form-state.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { fieldErrors } from '../../src/ui/form/validation.js';
import { keyName } from '../../src/ui/input/key-name.js';
import { KeyQueue, MAX_QUEUED_KEYS } from '../../src/ui/input/key-queue.js';
import { KeyReader } from '../../src/ui/input/key-reader.js';
import { FULL, runSeed } from '../support/sampling.js';
import { allFormsPerFile } from '../unit/all-forms.js';

/**
 * Runs per form, events per run: a sample per run (test/support/sampling.ts), with a seed that changes each run and
 * is printed (SEED=N replays it), so over many runs far more inputs are tried than one run could afford; FULL=1
 * runs the whole walk (60 runs per form, 8 of them drawn).
 */
const RUNS_PER_FORM = FULL ? 60 : 15;
/** Runs per form that also draw the final state (drawing takes ~20 ms). */
const RUNS_DRAWN_PER_FORM = FULL ? 8 : 3;
const MAX_EVENTS = 30;
const SEED = runSeed('forms property');

// ── what a terminal may send ─────────────────────────────────────────────────────────────────────────────

const NAMED = ['\t', '\x1b[Z', '\r', '\x1b', '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x1b[H', '\x1b[F'];
const MORE = [
  '\x1b[5~',
  '\x1b[6~',
  '\x7f',
  '\x1b[3~',
  '\x15',
  '\x17',
  '\x0b',
  '\x01',
  '\x05',
  '\x04',
  '\x13',
];
const HOSTILE = [
  '\x1b[0m',
  '\x1b[5m',
  '\x1b[31m',
  '\x1b[1;5P',
  '\x1bO5S',
  '\x1b]0;t\x07',
  '\x1b[200~',
  '\x9b2J',
];
const key = fc.constantFrom(...NAMED, ...MORE, ...HOSTILE);
const typed = fc.constantFrom(...'abcxyz-_.0123456789+ yYnN/~@é日😀'.match(/./gu)!);
/** A paste: text with now and then a line break, a control or an escape sequence, up to ~6 KB (3 KB on average). */
const paste = fc
  .array(
    fc.oneof(
      { weight: 12, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 250, size: 'max' }) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE, '\r', '\n', '\t', '\x00', '\x7f') },
      {
        weight: 1,
        arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 }),
      },
    ),
    { minLength: 1, maxLength: 24, size: 'max' },
  )
  .map((parts) => parts.join(''));
const event = fc.oneof(
  { weight: 6, arbitrary: key },
  { weight: 6, arbitrary: typed },
  { weight: 1, arbitrary: paste },
);

// ── the App's key path, for one form ─────────────────────────────────────────────────────────────────────

interface Run {
  state: FormState;
  keys: number;
}

let pasted = 0;

/** One read from the terminal, dispatched as the App does it (useKeyDispatch with a dialog open). */
function feed(spec: FormSpec, run: Run, data: string): void {
  if (data.length > 1) pasted += data.length;
  const queue = new KeyQueue();
  // the App's reader: a paste (marked, or text only) is one event; one cut short is handed over at once
  const reader = new KeyReader();
  const events = reader.read(data);
  for (const e of reader.flush()) events.push(e);
  queue.push(events, MAX_QUEUED_KEYS);
  for (;;) {
    const next = focusTakesText(spec, run.state) ? queue.takeRun() : queue.take();
    if (!next) return;
    run.keys++;
    // the App says "paste ignored here" where the focus takes no text
    if (next.key.paste && !focusTakesPaste(spec, run.state)) continue;
    const r = formReduce(spec, run.state, keyName(next.input, next.key), next.input, next.key);
    run.state = r.state;
    // The service refuses every submit (nothing is sent here); a cancelled form is opened again.
    if (r.submit)
      run.state = { ...r.state, submitting: false, serviceError: 'refused', serviceFailure: 'refused' };
    if (r.cancel) run.state = initFormState(spec);
  }
}

/** Every value within its bounds; what rendering computes does not throw; the state stays small. */
function check(spec: FormSpec, s: FormState): string[] {
  const problems: string[] = [];
  let room = 16 * 1024;
  for (const f of spec.fields) {
    const v = s.values[f.id];
    if (f.kind === 'text') {
      room += 2 * textCap(f);
      if (typeof v !== 'string' || v.length > textCap(f)) problems.push(`${f.id}: ${String(v).length} > cap`);
      if ((s.inputs[f.id]?.value.length ?? 0) > textCap(f)) problems.push(`${f.id}: input over its cap`);
      if (typeof v === 'string' && /[\x00-\x1f\x7f-\x9f]/.test(v))
        problems.push(`${f.id}: a control character`);
    }
    if (f.kind === 'number') {
      const text = s.inputs[f.id]?.value ?? '';
      if (text.length > numberCap(f)) problems.push(`${f.id}: "${text}" longer than ${numberCap(f)}`);
      // Above the max never; below the min only on the way up (a positive number being typed).
      if (typeof v === 'number' && !Number.isNaN(v) && (v > f.max || (v < f.min && v < 0))) {
        problems.push(`${f.id}: ${v} outside ${f.min}…${f.max}`);
      }
    }
  }
  if ((s.list?.query.length ?? 0) > LIST_QUERY_MAX) problems.push('option filter over its cap');
  const size = JSON.stringify(s).length;
  if (size > room) problems.push(`state of ${size} characters (room ${room})`);
  fieldErrors(spec, s.values);
  spec.summary?.(s.values);
  return problems;
}

const forms = allFormsPerFile();

/** Random events through one form; `draw` also draws the final state. Returns the keys dispatched. */
function property(name: string, spec: FormSpec, numRuns: number, draw: boolean): number {
  let keys = 0;
  fc.assert(
    fc.property(fc.array(event, { maxLength: MAX_EVENTS, size: 'max' }), (events) => {
      const run: Run = { state: initFormState(spec), keys: 0 };
      expect(check(spec, run.state)).toEqual([]);
      for (const data of events) {
        feed(spec, run, data);
        const problems = check(spec, run.state);
        if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}`);
      }
      keys += run.keys;
      if (!draw) return;
      // What the user sees at the end draws (a broken state would throw here).
      const view = render(createElement(FormView, { spec, state: run.state, width: 80 }));
      const frame = view.lastFrame() ?? '';
      view.unmount();
      if (!frame.includes(spec.title.slice(0, 20))) throw new Error(`${name}: the form did not draw`);
    }),
    // No shrinking: a counterexample of KB-long pastes shrinks for minutes, and the error already names the form
    // and the broken bound.
    { numRuns, seed: SEED, endOnFailure: true },
  );
  return keys;
}

describe('every form under random input (property-based)', () => {
  it(`never throws, keeps values within bounds, stays small (${RUNS_PER_FORM} runs × ≤${MAX_EVENTS} events per form)`, () => {
    expect(forms.length).toBe(23);
    let keys = 0;
    for (const { name, spec } of forms) keys += property(name, spec, RUNS_PER_FORM, false);
    // So the counts can be quoted: how much input the forms took.
    expect(pasted).toBeGreaterThan(0);
    console.log(
      `forms property: ${forms.length} forms × ${RUNS_PER_FORM} runs, ${keys} keys, ${pasted} pasted characters, seed ${SEED}`,
    );
  }, 180_000);

  it(`draws whatever state random input leaves (${RUNS_DRAWN_PER_FORM} runs per form)`, () => {
    for (const { name, spec } of forms) property(name, spec, RUNS_DRAWN_PER_FORM, true);
  }, 120_000);
});
