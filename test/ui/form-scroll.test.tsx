// A form taller than its room scrolls its fields inside the border: at 80x24 (the body is 18 rows) every form,
// whatever field has the focus, with every error showing or a list open, draws no more rows than it has, with its
// border whole, its title, the focused field, the submit row and the keys line in view. Create VM and Create
// cluster are walked whole; the other forms' cases are sampled per run (test/support/sampling.ts).
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { FormView, formHints } from '../../src/ui/form/FormView.js';
import { visibleFields } from '../../src/ui/form/fields.js';
import { type FormState, initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { fieldRun, wrapLines } from '../../src/ui/form/form-window.js';
import { press } from '../support/form-fixture.js';
import { runSeed, sample } from '../support/sampling.js';
import { allFormsPerFile } from '../unit/all-forms.js';

/** The body's rows at 80x24: the header's two, the status line and the footer less. */
const HEIGHT = 18;
const WIDTH = 80;
const SAMPLED = 40;
const SEED = runSeed('form scroll');

const forms = allFormsPerFile();

type Variant = 'plain' | 'errors' | 'open';
interface Case {
  form: string;
  spec: FormSpec;
  state: FormState;
  label: string;
}

/** The form with the focus on its n-th stop (fields, then the submit row), every error shown or the list open. */
function stateAt(spec: FormSpec, n: number, variant: Variant): FormState | undefined {
  let s = initFormState(spec);
  // A refused submit shows every field's error (the tallest a form gets); the focus goes back to the first field.
  // A form valid as it opens is sent instead: drawn as it was before, with every error shown.
  if (variant === 'errors') s = { ...press(spec, s, 'ctrl+s').state, submitting: false, showAllErrors: true };
  s = { ...s, focus: visibleFields(spec, s.values)[0]?.id ?? SUBMIT_ROW };
  for (let i = 0; i < n; i++) s = press(spec, s, 'tab').state;
  if (variant !== 'open') return s;
  const field = spec.fields.find((f) => f.id === s.focus);
  if (field?.kind !== 'select' && field?.kind !== 'multi-select') return undefined;
  const opened = press(spec, s, 'return').state;
  return opened.list ? opened : undefined;
}

function casesOf(form: string, spec: FormSpec): Case[] {
  const out: Case[] = [];
  const stops = visibleFields(spec, initFormState(spec).values).length + 1;
  for (const variant of ['plain', 'errors', 'open'] as const) {
    for (let n = 0; n < stops; n++) {
      const state = stateAt(spec, n, variant);
      if (state) out.push({ form, spec, state, label: `${form}: stop ${n} (${state.focus}), ${variant}` });
    }
  }
  return out;
}

function frameOf(c: Case): string[] {
  const r = render(createElement(FormView, { spec: c.spec, state: c.state, width: WIDTH, height: HEIGHT }));
  const lines = (r.lastFrame() ?? '').split('\n');
  r.unmount();
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines;
}

function check(c: Case): void {
  const lines = frameOf(c);
  const label = c.spec.fields.find((f) => f.id === c.state.focus)?.label;
  const text = lines.join('\n');
  expect(lines.length, `${c.label}\n${text}`).toBeLessThanOrEqual(HEIGHT);
  expect(lines[0]?.trim().startsWith('╭'), `${c.label}: top border\n${text}`).toBe(true);
  expect(lines[lines.length - 1]?.trim().startsWith('╰'), `${c.label}: bottom border\n${text}`).toBe(true);
  expect(lines[1], c.label).toContain(c.spec.title.slice(0, 20));
  expect(text, `${c.label}: the keys line`).toContain(formHints(c.spec, c.state).slice(0, 30));
  expect(text, `${c.label}: the submit row`).toContain(`[ ${c.spec.submitLabel}`);
  const focused = lines.find((l) => l.includes('›'));
  if (label !== undefined) expect(focused, `${c.label}: the focused field\n${text}`).toContain(label);
  else expect(focused, `${c.label}: the submit row focused\n${text}`).toContain(`› [ ${c.spec.submitLabel}`);
}

describe('forms scroll inside their border at 80x24', () => {
  it('Create VM and Create cluster: every focus, with errors and with a list open', () => {
    const whole = forms.filter((f) => f.name === 'create VM' || f.name === 'create cluster');
    expect(whole).toHaveLength(2);
    const cases = whole.flatMap((f) => casesOf(f.name, f.spec));
    // Taller than the room: the walk is of a form that scrolls.
    expect(cases.some((c) => frameOf(c).some((l) => l.includes('more field')))).toBe(true);
    for (const c of cases) check(c);
  });

  it('every other form: a sample of its focus stops, errors and open lists', () => {
    const others = forms.filter((f) => f.name !== 'create VM' && f.name !== 'create cluster');
    const cases = others.flatMap((f) => casesOf(f.name, f.spec));
    for (const c of sample(cases, SAMPLED, SEED)) check(c);
  });
});

describe('fieldRun', () => {
  it('shows every field when they fit, else a run that holds the focus and the next field', () => {
    expect(fieldRun([1, 1, 1], 1, 3)).toEqual({ start: 0, end: 3 });
    // 6 rows: 2 for the marks, 4 for fields.
    expect(fieldRun([1, 1, 1, 1, 1, 1, 1, 1], 0, 6)).toEqual({ start: 0, end: 4 });
    expect(fieldRun([1, 1, 1, 1, 1, 1, 1, 1], 5, 6)).toEqual({ start: 4, end: 8 });
    // The submit row's focus (past the last field) shows the last fields.
    expect(fieldRun([1, 1, 1, 1, 1, 1, 1, 1], 8, 6)).toEqual({ start: 4, end: 8 });
    // A tall focused field (an open list) is shown alone rather than not at all.
    expect(fieldRun([1, 9, 1], 1, 6)).toEqual({ start: 1, end: 2 });
  });
});

describe('wrapLines', () => {
  it('keeps a line that fits as it is (its spaces too), wraps a longer one at words, keeps line breaks', () => {
    expect(wrapLines('+ prod  − staging', 40)).toEqual(['+ prod  − staging']);
    expect(wrapLines('one two three four', 10)).toEqual(['one two', 'three four']);
    expect(wrapLines('a\n\nb', 10)).toEqual(['a', '', 'b']);
  });
});
