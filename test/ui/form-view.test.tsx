import { render } from 'ink-testing-library';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { type SetFormState, submitForm } from '../../src/ui/form/controller.js';
import { FORM_MAX_WIDTH, FormView, formWidth } from '../../src/ui/form/FormView.js';
import { type FormState, initFormState } from '../../src/ui/form/form-state.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { keyName } from '../../src/ui/input/key-name.js';
import { useKeys } from '../../src/ui/input/useKeys.js';
import { createTheme } from '../../src/ui/theme.js';
import { withColour } from '../support/colour.js';
import { press, type, vmSpec } from '../support/form-fixture.js';

// Colours on, so colour codes would show in the frames.
withColour();

const COLOUR = /\x1b\[(?:3[0-9]|9[0-7]|4[0-9]|38;|48;)/;
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

let unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
});

function frame(
  spec: FormSpec,
  state: FormState,
  opts: { width?: number; maxWidth?: number; color?: boolean } = {},
): string {
  const r = render(
    <FormView
      spec={spec}
      state={state}
      width={opts.width ?? 80}
      maxWidth={opts.maxWidth ?? 76}
      theme={createTheme({ color: opts.color ?? false })}
    />,
  );
  unmounts.push(r.unmount);
  return r.lastFrame() ?? '';
}

/** The line of the frame containing `text`, and the one after it (inside the box's border). */
function lineWith(f: string, text: string): { line: string; next: string } {
  const lines = strip(f)
    .split('\n')
    .map((l) => l.replace(/^\s*│/, '').replace(/│\s*$/, ''));
  const i = lines.findIndex((l) => l.includes(text));
  return { line: lines[i] ?? '', next: lines[i + 1] ?? '' };
}

const spec = vmSpec();

describe('FormView', () => {
  it('draws the title, notes, every visible field, the submit row and the keys line', () => {
    const f = strip(frame(spec, initFormState(spec)));
    expect(f).toContain('Create VM');
    expect(f).toContain('Billing starts when the VM is ACTIVE.');
    for (const label of ['Name', 'Environment', 'Flavor', 'Image', 'Count', 'Custom disk', 'Labels']) {
      expect(f).toContain(label);
    }
    expect(f).not.toContain('Disk GB'); // hidden until "Custom disk" is on
    expect(f).toContain('[ Create ]');
    expect(f).toContain('Tab next · Shift-Tab back · Enter choose · Ctrl-S submit · Esc cancel');
    expect(f).toContain('[ ] no');
    expect(f).toContain('none selected');
    // At most 76 columns wide in a wider terminal.
    for (const line of f.split('\n')) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
    expect(Math.max(...f.split('\n').map((l) => l.trim().length))).toBe(76);
  });

  it('→ on an empty field takes its suggestion (shown in its place); on a typed one it moves the caret', () => {
    const suggested: FormSpec = {
      ...spec,
      fields: spec.fields.map((f) =>
        f.id === 'name' && f.kind === 'text' ? { ...f, suggestion: 'gpu-vm-3' } : f,
      ),
    };
    const empty = initFormState(suggested);
    expect(strip(frame(suggested, empty))).toContain('gpu-vm-3  → takes it');
    expect(press(suggested, empty, 'right').state.values.name).toBe('gpu-vm-3');
    const typed = type(suggested, empty, 'ab');
    expect(press(suggested, typed, 'right').state.values.name).toBe('ab');
    // Tab still moves to the next field, leaving the name empty
    expect(press(suggested, empty, 'tab').state.values.name ?? '').toBe('');
  });

  it('takes the width of the terminal, less a margin, up to a readable line: 76 at 80, 90 at 100, 110 from 120', () => {
    expect([80, 100, 120, 200].map((w) => formWidth(w))).toEqual([76, 90, 110, 110]);
    const wide = strip(frame(spec, initFormState(spec), { width: 120, maxWidth: FORM_MAX_WIDTH }));
    expect(Math.max(...wide.split('\n').map((l) => l.trim().length))).toBe(110);
  });

  it('marks the focused field with › (and inverse, so it shows without colour)', () => {
    const s = press(spec, initFormState(spec), 'tab').state;
    const raw = frame(spec, s);
    expect(lineWith(raw, 'Environment').line).toMatch(/› Environment/);
    expect(lineWith(raw, 'Name').line).not.toContain('›');
    expect(raw).toContain('\x1b[7m'); // inverse
    expect(raw).not.toMatch(COLOUR);
  });

  it('shows the counter of a text field and the error under it as soon as it is too long', () => {
    let s = type(spec, initFormState(spec), 'gpu-1');
    expect(lineWith(frame(spec, s), 'Name').line).toContain('5/50');
    s = type(spec, s, 'x'.repeat(46));
    const { line, next } = lineWith(frame(spec, s), 'Name');
    expect(line).toContain('51/50');
    expect(next.trim()).toBe('✖ at most 50 characters (51)');
  });

  it('an open long list shows a window of 8 options with "n more", disabled options with ✖ reason', () => {
    const s = press(spec, initFormState(spec), 'tab', 'enter', 'down', 'enter', 'tab', 'enter').state;
    const f = strip(frame(spec, s));
    expect(f).toContain('filter:');
    expect(f).toContain('120 options');
    expect(lineWith(f, 'n3-H100x8').line).toMatch(/○ n3-H100x8\s+✖ out of stock\s+\$15\.20\/h/);
    expect(lineWith(f, 'n3-H100x1').line).toMatch(/› ○ n3-H100x1/);
    expect(f).toContain('↓ 112 more');
    expect(f.split('\n').filter((l) => /[›\s] ○ n/.test(l))).toHaveLength(8);
    // Filtering shows the query and the count of matches.
    const q = press(spec, s, 'x', '1', '1', '8').state;
    const fq = strip(frame(spec, q));
    expect(fq).toContain('filter: x118');
    expect(fq).toContain('1 of 120');
    expect(fq).toContain('n1-A100x118');
    expect(fq).not.toContain('n3-H100x1');
  });

  it('shows the refused choice of a disabled option under the field', () => {
    const s = press(
      spec,
      initFormState(spec),
      'tab',
      'enter',
      'down',
      'enter',
      'tab',
      'enter',
      'down',
      'enter',
    ).state;
    const f = strip(frame(spec, s));
    expect(f).toContain('✖ n3-H100x8 is out of stock');
  });

  it('a digit refused past the bound says why in a dim line, no error under the valid value kept', () => {
    let s = initFormState(spec);
    while (s.focus !== 'count') s = press(spec, s, 'tab').state;
    s = press(spec, s, '2').state; // 12 > 8: refused, 1 kept
    expect(s.values.count).toBe(1);
    const f = frame(spec, s, { color: true });
    const { line, next } = lineWith(f, 'Count');
    expect(line).toMatch(/› Count\s+1 /);
    expect(next.trim()).toBe('2 not typed: from 1 to 8');
    expect(strip(f)).not.toContain('✖');
    // An error of the value itself still shows over the hint, in the error's colour; the hint is not in it.
    const under = press(spec, press(spec, s, 'backspace').state, '9').state; // empty, then 9 > 8: refused
    const fu = frame(spec, under, { color: true });
    expect(lineWith(fu, 'Count').next.trim()).toBe('✖ required');
    // The codes right before each text: the error's colour, and the hint's (dim, not the error's).
    const before = (frameText: string, text: string) =>
      frameText.match(new RegExp(`((?:\\x1b\\[[0-9;]*m)+)${text}`))?.[1] ?? '';
    const errorCode = before(fu, '✖ required');
    expect(errorCode).not.toBe('');
    expect(before(f, '2 not typed')).not.toContain(errorCode);
  });

  it('after a refused submit: every error, the summary of what to fix', () => {
    const s = press(spec, initFormState(spec), 'ctrl+s').state;
    const f = frame(spec, s);
    expect(lineWith(f, 'Name').next.trim()).toBe('✖ required');
    expect(lineWith(f, 'Image').next.trim()).toBe('✖ required');
    expect(strip(f)).toContain('✖ fix 4 fields: Name, Environment, Flavor, Image');
  });

  it('shows the service error box, the summary line, and "sending…" while submitting', () => {
    let s = press(spec, initFormState(spec), 'tab', 'enter', 'down', 'enter', 'tab', 'enter', 'enter').state;
    s = {
      ...s,
      serviceError: 'rejected (HTTP 400, POST /core/virtual-machines): no capacity',
      serviceFailure: 'refused',
    };
    const f = strip(frame(spec, s, { width: 120, maxWidth: 120 }));
    expect(f).toContain('1 × n3-H100x1');
    expect(f).toContain(
      '✖ the service refused: rejected (HTTP 400, POST /core/virtual-machines): no capacity',
    );
    const sending = strip(frame(spec, { ...s, submitting: true }));
    expect(sending).toContain('[ sending… ]');
    const failed = strip(
      frame(spec, { ...s, serviceError: 'cannot reach the service', serviceFailure: 'failed' }),
    );
    expect(failed).toContain('✖ the request failed: cannot reach the service');
    const unknown = strip(
      frame(spec, { ...s, serviceError: 'service error (HTTP 502)', serviceFailure: 'unknown' }),
    );
    expect(unknown).toContain('⚠ outcome unknown: service error (HTTP 502)');
    expect(unknown).not.toContain('refused');
  });

  it('asks "discard changes? y/n" after Esc with changes', () => {
    const s = press(spec, type(spec, initFormState(spec), 'gpu'), 'esc').state;
    expect(strip(frame(spec, s))).toContain('discard changes? y/n');
  });

  it('multi-selects show checkboxes and "k selected"', () => {
    let s = initFormState(spec);
    while (s.focus !== 'labels') s = press(spec, s, 'tab').state;
    s = press(spec, s, 'enter', 'space').state;
    const f = strip(frame(spec, s));
    expect(f).toContain('1 selected: prod');
    expect(f).toContain('› [x] prod');
    expect(f).toContain('[ ] team-ml');
    expect(f).toContain('[ ] platform  ✖ reserved for the platform team');
  });

  it('writes no colour codes when the theme has colour off, and does with colour on', () => {
    let s = press(spec, initFormState(spec), 'ctrl+s').state;
    s = press(spec, s, 'tab', 'enter', 'down', 'enter', 'tab', 'enter').state;
    s = { ...s, serviceError: 'nope', serviceFailure: 'refused' };
    expect(frame(spec, s, { color: false })).not.toMatch(COLOUR);
    expect(frame(spec, s, { color: true })).toMatch(COLOUR);
  });

  it('sanitizes everything that comes from values and options', () => {
    const evil: FormSpec = {
      title: 'Create \x1b[2J VM',
      notes: ['note \x1b]52;c;aGk=\x07'],
      fields: [
        {
          id: 'env',
          label: 'Env\x1b[31m',
          kind: 'select',
          options: () => [{ label: 'bad\x1b[2J', value: 'bad', hint: 'h\x9b1m', disabled: 'gone\x07' }],
        },
      ],
      initial: { env: 'bad' },
      summary: () => 'sum\x1b[H',
      submitLabel: 'Go\x1b[K',
      onSubmit: async () => {},
    };
    let s = press(evil, initFormState(evil), 'enter').state;
    s = { ...s, serviceError: 'err \x1b]0;title\x07' };
    const f = frame(evil, s);
    const withoutSgr = f.replace(/\x1b\[[0-9;]*m/g, '');
    expect(withoutSgr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(withoutSgr).toContain('␛[2J');
  });

  it('fits a narrow terminal without breaking lines', () => {
    const s = press(spec, initFormState(spec), 'tab', 'enter', 'down', 'enter', 'tab', 'enter').state;
    const f = strip(frame(spec, s, { width: 40 }));
    for (const line of f.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
  });
});

/** The wiring the App uses, in miniature: one key reader, formReduce, submitForm; the latest state in a ref. */
function Harness({ spec, onClose }: { spec: FormSpec; onClose: (how: string) => void }) {
  const [state, setStateRaw] = useState(() => initFormState(spec));
  const ref = useRef(state);
  const setState: SetFormState = (update) => {
    ref.current = update(ref.current);
    setStateRaw(ref.current);
  };
  const setter = useRef(setState).current;
  useKeys((keys) => {
    for (const { input, key } of keys) {
      const r = formReduce(spec, ref.current, keyName(input, key), input, key);
      setter(() => r.state);
      if (r.cancel) onClose('cancel');
      if (r.submit) {
        void submitForm(spec, r.submit, setter).then((o) => {
          if (o === 'done') onClose('done');
        });
      }
    }
  });
  return <FormView spec={spec} state={state} width={80} />;
}

describe('FormView wired to keys', () => {
  const tick = () => new Promise((r) => setTimeout(r, 20));

  it('Enter pressed twice on the submit row submits exactly once; the service error then shows', async () => {
    let calls = 0;
    let fail!: (e: Error) => void;
    const spec = vmSpec(() => {
      calls++;
      return new Promise<void>((_, reject) => {
        fail = reject;
      });
    });
    const closed: string[] = [];
    const r = render(<Harness spec={spec} onClose={(h) => closed.push(h)} />);
    unmounts.push(r.unmount);
    await tick();
    for (const ch of 'gpu-1') r.stdin.write(ch);
    await tick();
    // environment: env-ca; flavor: first enabled; image: the only one; then Tab to the submit row.
    // A choice keeps the focus on its field: Tab moves on.
    for (const k of [
      '\t',
      '\r',
      '\x1b[B',
      '\r',
      '\t',
      '\r',
      '\r',
      '\t',
      '\r',
      '\r',
      '\t',
      '\t',
      '\t',
      '\t',
    ]) {
      r.stdin.write(k);
      await tick();
    }
    // React draws when it can: wait for the frame, not for a tick to have been enough
    const frame = (has: string | RegExp) =>
      vi.waitFor(
        () => {
          const f = strip(r.lastFrame() ?? '');
          expect(f).toMatch(has);
          return f;
        },
        { timeout: 10_000, interval: 10 },
      );
    await frame(/› \[ Create \]/);
    r.stdin.write('\r');
    r.stdin.write('\r');
    await frame('[ sending… ]');
    expect(calls).toBe(1);
    fail(new Error('flavor n3-H100x1 has no capacity'));
    const f = await frame('✖ the service refused: flavor n3-H100x1 has no capacity');
    expect(calls).toBe(1);
    expect(f).toContain('gpu-1');
    expect(f).toContain('[ Create ]');
    expect(closed).toEqual([]);
  });
});
