import { describe, expect, it } from 'vitest';
import type { FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { numberCap, visibleFields } from '../../src/ui/form/fields.js';
import { initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { filterOptions, optionWindow } from '../../src/ui/form/options.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { fieldErrors, formError, shownError, submitValues } from '../../src/ui/form/validation.js';
import { press, type, vmSpec } from '../support/form-fixture.js';

const spec = vmSpec();
type NumberSpec = Extract<FieldSpec, { kind: 'number' }>;

/** A valid form: name typed, environment, flavor and image chosen. */
function filled() {
  let s = type(spec, initFormState(spec), 'gpu-1');
  s = press(spec, s, 'tab', 'enter', 'down', 'enter').state; // env-ca; a choice keeps the focus
  s = press(spec, s, 'tab', 'enter', 'enter').state; // n3-H100x1 (first enabled)
  s = press(spec, s, 'tab', 'enter', 'enter', 'tab').state; // the only CANADA-1 image, focus → count
  return s;
}

describe('initFormState', () => {
  it('normalises values per kind and focuses the first visible field', () => {
    const s = initFormState(spec);
    expect(s.focus).toBe('name');
    expect(s.values).toMatchObject({ name: '', count: 1, customDisk: false, labels: [] });
    expect(s.values.environment).toBeUndefined();
    expect(s.inputs.count?.value).toBe('1');
    expect(s.submitting).toBe(false);
    expect(s.confirmDiscard).toBe(false);
  });
});

describe('navigation', () => {
  it('Tab / ↓ go forward, Shift-Tab / ↑ back, wrapping through the submit row', () => {
    let s = initFormState(spec);
    const order = visibleFields(spec, s.values).map((f) => f.id);
    expect(order).toEqual(['name', 'environment', 'flavor', 'image', 'count', 'customDisk', 'labels']);
    for (const id of [...order.slice(1), SUBMIT_ROW, 'name']) {
      s = press(spec, s, 'tab').state;
      expect(s.focus).toBe(id);
    }
    expect(press(spec, s, 'shift+tab').state.focus).toBe(SUBMIT_ROW);
    expect(press(spec, s, 'down').state.focus).toBe('environment');
    expect(press(spec, s, 'up').state.focus).toBe(SUBMIT_ROW);
  });

  it('skips hidden fields, and shows them once their condition holds', () => {
    let s = initFormState(spec);
    s = press(spec, s, 'tab', 'tab', 'tab', 'tab', 'tab').state;
    expect(s.focus).toBe('customDisk');
    expect(press(spec, s, 'tab').state.focus).toBe('labels');
    s = press(spec, s, 'space').state;
    expect(s.values.customDisk).toBe(true);
    expect(press(spec, s, 'tab').state.focus).toBe('diskGb');
    // Hidden again: leaves navigation, validation and the submitted values.
    s = press(spec, s, 'tab', 'shift+tab', 'enter').state;
    expect(s.values.customDisk).toBe(false);
    expect(press(spec, s, 'tab').state.focus).toBe('labels');
    expect(fieldErrors(spec, s.values).diskGb).toBeUndefined();
  });
});

describe('text fields', () => {
  it('takes chars one by one; the 51st char of a 50-char name shows the error at once', () => {
    let s = initFormState(spec);
    const name = 'a'.repeat(50);
    s = type(spec, s, name);
    expect(s.values.name).toBe(name);
    expect(shownError(s, fieldErrors(spec, s.values), 'name')).toBeUndefined();
    s = type(spec, s, 'b');
    expect(s.values.name).toBe(`${name}b`);
    expect(shownError(s, fieldErrors(spec, s.values), 'name')).toBe('at most 50 characters (51)');
    s = press(spec, s, 'backspace').state;
    expect(fieldErrors(spec, s.values).name).toBeUndefined();
  });

  it('edits at the caret with left/right/home/end and clears with ctrl+u', () => {
    let s = type(spec, initFormState(spec), 'gpu');
    s = press(spec, s, 'home', 'x', 'end', 'left', 'y').state;
    expect(s.values.name).toBe('xgpyu');
    s = press(spec, s, 'ctrl+u').state;
    expect(s.values.name).toBe('');
    expect(shownError(s, fieldErrors(spec, s.values), 'name')).toBe('required');
  });

  it('shows no error before the field is touched', () => {
    const s = initFormState(spec);
    expect(fieldErrors(spec, s.values).name).toBe('required');
    expect(shownError(s, fieldErrors(spec, s.values), 'name')).toBeUndefined();
  });

  it('drops control characters from a paste', () => {
    const s = formReduce(spec, initFormState(spec), '\x1b[2Jab', '\x1b[2Jab', {}).state;
    expect(s.values.name).toBe('[2Jab');
  });
});

describe('number fields', () => {
  const at = (id: string) => {
    let s = initFormState(spec);
    while (s.focus !== id) s = press(spec, s, 'tab').state;
    return s;
  };

  it('adjusts by 1 with ←/→ and +/-, within min and max', () => {
    let s = at('count');
    s = press(spec, s, 'right', '+').state;
    expect(s.values.count).toBe(3);
    s = press(spec, s, 'left', 'left', '-', '-', 'left').state;
    expect(s.values.count).toBe(1);
    s = press(spec, s, ...Array(10).fill('right')).state;
    expect(s.values.count).toBe(8);
    expect(s.inputs.count?.value).toBe('8');
  });

  it('takes digits only; refuses a digit past the bound as it is typed, and says why', () => {
    let s = at('count');
    s = press(spec, s, 'backspace', 'x', '1', '.').state;
    expect(s.inputs.count?.value).toBe('1');
    s = press(spec, s, '2').state; // 12 > 8: refused
    expect(s.inputs.count?.value).toBe('1');
    expect(s.values.count).toBe(1);
    expect(s.notice).toEqual({ field: 'count', text: '2 not typed: from 1 to 8', hint: true });
    s = press(spec, s, 'backspace', '0').state;
    expect(shownError(s, fieldErrors(spec, s.values), 'count')).toBe('at least 1');
    s = press(spec, s, 'backspace').state;
    expect(s.values.count).toBeUndefined();
    expect(shownError(s, fieldErrors(spec, s.values), 'count')).toBe('required');
  });

  it('cannot build a huge number: a pasted 100000000 keeps what fits the bound', () => {
    let s = at('count');
    s = press(spec, s, 'backspace').state;
    s = formReduce(spec, s, '100000000', '100000000', {}).state;
    expect(s.inputs.count?.value).toBe('1');
    expect(s.notice?.text).toBe('0 not typed: from 1 to 8');
    // A wider field: 1–1000 takes at most four digits, never more than its max.
    const wide: FormSpec = {
      ...spec,
      fields: [{ id: 'n', label: 'N', kind: 'number', min: 1, max: 1000 }],
      initial: {},
    };
    let w = initFormState(wide);
    w = formReduce(wide, w, '0000099999', '0000099999', {}).state;
    expect(w.inputs.n?.value.length).toBeLessThanOrEqual(numberCap(wide.fields[0] as NumberSpec));
    expect(w.values.n as number).toBeLessThanOrEqual(1000);
  });

  it('accepts one leading minus only when min < 0; refuses digits below a negative min', () => {
    const neg: FormSpec = {
      ...spec,
      fields: [{ id: 't', label: 'Offset', kind: 'number', min: -5, max: 5 }],
      initial: {},
    };
    let s = press(neg, initFormState(neg), '-', '3').state;
    expect(s.values.t).toBe(-3);
    s = press(neg, s, 'ctrl+u', '-', '9').state;
    expect(s.values.t).toBeNaN(); // "-" alone: on the way to a number, -9 refused
    expect(s.notice?.text).toBe('9 not typed: from -5 to 5');
    expect(fieldErrors(neg, s.values).t).toBe('not a number');
    const s2 = press(spec, initFormState(spec), 'tab', 'tab', 'tab', 'tab', 'ctrl+u', '-').state;
    expect(s2.values.count).toBe(1); // min 1: '-' decrements (from empty: the nearest bound)
  });

  it('an initial value above the bound (a profile) opens at the bound, and the form says so', () => {
    const s = initFormState({ ...spec, initial: { count: 100_000_000 } });
    expect(s.values.count).toBe(8);
    expect(s.inputs.count?.value).toBe('8');
    expect(s.notice).toEqual({ field: 'count', text: '100000000 is out of bounds (1 to 8): set to 8' });
  });
});

describe('toggles', () => {
  it('flip with space and enter', () => {
    let s = initFormState(spec);
    while (s.focus !== 'customDisk') s = press(spec, s, 'tab').state;
    s = press(spec, s, 'space').state;
    expect(s.values.customDisk).toBe(true);
    s = press(spec, s, 'enter').state;
    expect(s.values.customDisk).toBe(false);
  });
});

describe('selects', () => {
  const onFlavor = () => {
    const s = press(spec, initFormState(spec), 'tab', 'enter', 'down', 'enter').state; // env-ca
    expect(s.values.environment).toBe('env-ca');
    // A choice keeps the focus where the user is: the next Tab goes to the next field.
    expect(s.focus).toBe('environment');
    const next = press(spec, s, 'tab').state;
    expect(next.focus).toBe('flavor');
    return next;
  };

  it('↑/↓ move between fields while the list is closed, inside the list while open', () => {
    let s = press(spec, initFormState(spec), 'tab').state;
    expect(press(spec, s, 'down').state.focus).toBe('flavor');
    s = press(spec, s, 'enter').state;
    expect(s.list).toEqual({ field: 'environment', query: '', highlight: 0 });
    s = press(spec, s, 'down').state;
    expect(s.focus).toBe('environment');
    expect(s.list?.highlight).toBe(1);
    s = press(spec, s, 'down').state; // clamps at the end
    expect(s.list?.highlight).toBe(1);
    s = press(spec, s, 'esc').state; // closes the list only
    expect(s.list).toBeUndefined();
    expect(s.values.environment).toBeUndefined();
  });

  it('typing filters (case-insensitive substring), Enter chooses and stays on the field', () => {
    let s = onFlavor();
    s = press(spec, s, 'A', '1', '0', '0', 'x', '1', '1').state;
    expect(s.list?.query).toBe('A100x11');
    const options = spec.fields.find((f) => f.id === 'flavor');
    if (options?.kind !== 'select') throw new Error('fixture');
    const matches = filterOptions(options.options(s.values), 'a100X11').map((x) => x.option.value);
    expect(matches).toEqual([
      'n1-A100x11',
      'n1-A100x110',
      'n1-A100x111',
      'n1-A100x112',
      'n1-A100x113',
      'n1-A100x114',
      'n1-A100x115',
      'n1-A100x116',
      'n1-A100x117',
      'n1-A100x118',
    ]);
    s = press(spec, s, 'down', 'enter').state;
    expect(s.values.flavor).toBe('n1-A100x110');
    expect(s.list).toBeUndefined();
    expect(s.focus).toBe('flavor');
    expect(press(spec, s, 'tab').state.focus).toBe('image');
  });

  it('a long list moves with pgdn / end and keeps a window of 8 around the highlight', () => {
    let s = press(spec, onFlavor(), 'enter').state;
    s = press(spec, s, 'pgdn', 'pgdn', 'end').state;
    expect(s.list?.highlight).toBe(119);
    expect(optionWindow(120, 119)).toEqual({ start: 112, end: 120 });
    expect(optionWindow(120, 50)).toEqual({ start: 46, end: 54 });
    expect(optionWindow(5, 3)).toEqual({ start: 0, end: 5 });
    s = press(spec, s, 'home').state;
    expect(s.list?.highlight).toBe(0);
  });

  it('refuses a disabled option with its reason and keeps the list open', () => {
    let s = press(spec, onFlavor(), 'enter').state;
    expect(s.list?.highlight).toBe(0); // the highlight starts on the first enabled option
    s = press(spec, s, 'down', 'enter').state;
    expect(s.values.flavor).toBeUndefined();
    expect(s.notice).toEqual({ field: 'flavor', text: 'n3-H100x8 is out of stock' });
    expect(s.list?.field).toBe('flavor');
    // The notice lasts one key.
    expect(press(spec, s, 'up').state.notice).toBeUndefined();
  });

  it('reports a disabled value (e.g. from the initial values) with its reason', () => {
    const s = initFormState({ ...spec, initial: { environment: 'env-ca', flavor: 'n3-H100x8' } });
    expect(fieldErrors(spec, s.values).flavor).toBe('n3-H100x8 is out of stock');
    const gone = initFormState({ ...spec, initial: { environment: 'env-no', flavor: 'n1-A100x99' } });
    expect(fieldErrors(spec, gone.values).flavor).toBe('n1-A100x99 is not available here');
  });

  it('re-derives options when another field changes and clears a value no longer offered', () => {
    let s = filled();
    expect(s.values).toMatchObject({ environment: 'env-ca', flavor: 'n3-H100x1', image: 'img-ca-2204' });
    // Back to environment, choose env-no: the CANADA-1 image is gone, n3-H100x1 is still offered.
    s = press(spec, s, 'shift+tab', 'shift+tab', 'shift+tab', 'enter', 'up', 'enter').state;
    expect(s.values.environment).toBe('env-no');
    expect(s.values.flavor).toBe('n3-H100x1');
    expect(s.values.image).toBeUndefined();
    expect(shownError(s, fieldErrors(spec, s.values), 'image')).toBe('required');
    expect(fieldErrors(spec, s.values).flavor).toBeUndefined();
  });

  it('a typed printable char on a closed select opens it filtered', () => {
    const s = press(spec, initFormState(spec), 'tab', 'c').state;
    expect(s.list).toEqual({ field: 'environment', query: 'c', highlight: 0 });
    expect(press(spec, s, 'enter').state.values.environment).toBe('env-ca');
    expect(press(spec, s, 'backspace').state.list?.query).toBe('');
  });
});

describe('multi-select', () => {
  it('space toggles the highlighted option; a disabled one is refused; Enter closes', () => {
    let s = initFormState(spec);
    while (s.focus !== 'labels') s = press(spec, s, 'tab').state;
    s = press(spec, s, 'enter', 'space', 'down', 'space').state;
    expect(s.values.labels).toEqual(['prod', 'team-ml']);
    s = press(spec, s, 'up', 'space').state;
    expect(s.values.labels).toEqual(['team-ml']);
    s = press(spec, s, 'down', 'down', 'space').state;
    expect(s.values.labels).toEqual(['team-ml']);
    expect(s.notice?.text).toBe('platform is reserved for the platform team');
    s = press(spec, s, 'enter').state;
    expect(s.list).toBeUndefined();
    expect(s.focus).toBe('labels');
  });
});

describe('esc', () => {
  it('cancels at once when nothing changed', () => {
    const r = press(spec, initFormState(spec), 'esc');
    expect(r.cancel).toBe(true);
    expect(r.askCancel).toBeUndefined();
  });

  it('asks "discard changes?" after typing: n / esc return, y cancels', () => {
    const s = type(spec, initFormState(spec), 'gpu');
    const asked = press(spec, s, 'esc');
    expect(asked.askCancel).toBe(true);
    expect(asked.cancel).toBeUndefined();
    expect(asked.state.confirmDiscard).toBe(true);
    // Other keys do nothing while asking.
    expect(press(spec, asked.state, 'x').state.values.name).toBe('gpu');
    const back = press(spec, asked.state, 'n');
    expect(back.state.confirmDiscard).toBe(false);
    expect(back.cancel).toBeUndefined();
    expect(back.state.values.name).toBe('gpu');
    expect(press(spec, asked.state, 'esc').state.confirmDiscard).toBe(false);
    expect(press(spec, asked.state, 'y').cancel).toBe(true);
  });

  it('typing then deleting back to the initial values cancels without asking', () => {
    const s = press(spec, type(spec, initFormState(spec), 'ab'), 'backspace', 'backspace').state;
    expect(press(spec, s, 'esc').cancel).toBe(true);
  });
});

describe('submit', () => {
  it('is refused while fields are invalid, listing them and showing every error', () => {
    let s = type(spec, initFormState(spec), 'Bad');
    s = press(spec, s, 'ctrl+s').state;
    expect(s.refusal).toBe('fix 4 fields: Name, Environment, Flavor, Image');
    expect(s.showAllErrors).toBe(true);
    expect(s.focus).toBe('name');
    expect(shownError(s, fieldErrors(spec, s.values), 'image')).toBe('required');
    expect(formError(spec, s)).toBe(s.refusal);
    // The next change clears the refusal line (the errors stay).
    s = press(spec, s, 'backspace').state;
    expect(s.refusal).toBeUndefined();
  });

  it('Enter on the submit row sends once; a second Enter while in flight is ignored', () => {
    let s = filled();
    s = press(spec, s, 'shift+tab').state; // count → image … go to the submit row
    while (s.focus !== SUBMIT_ROW) s = press(spec, s, 'tab').state;
    const first = press(spec, s, 'enter');
    expect(first.submit).toEqual({
      name: 'gpu-1',
      environment: 'env-ca',
      flavor: 'n3-H100x1',
      image: 'img-ca-2204',
      count: 1,
      customDisk: false,
      labels: [],
    });
    expect(first.state.submitting).toBe(true);
    const second = press(spec, first.state, 'enter');
    expect(second.submit).toBeUndefined();
    expect(second.state).toBe(first.state);
    expect(press(spec, first.state, 'ctrl+s').submit).toBeUndefined();
    expect(press(spec, first.state, 'esc').cancel).toBeUndefined();
    expect(press(spec, first.state, 'x').state).toBe(first.state);
  });

  it('ctrl+s submits from any field, closing an open list', () => {
    const s = press(spec, filled(), 'shift+tab', 'enter').state;
    expect(s.list?.field).toBe('image');
    const r = press(spec, s, 'ctrl+s');
    expect(r.submit).toBeDefined();
    expect(r.state.list).toBeUndefined();
  });

  it('leaves hidden fields out of the submitted values', () => {
    const values = { ...filled().values, diskGb: 50 };
    expect(submitValues(spec, values)).not.toHaveProperty('diskGb');
    expect(submitValues(spec, { ...values, customDisk: true })).toHaveProperty('diskGb', 50);
  });
});
