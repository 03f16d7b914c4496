import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Modal } from '../../src/ui/ModalView.js';
import {
  initModalState,
  loadingText,
  type ModalLocalState,
  type ModalResult,
  ModalView,
  modalReduce,
} from '../../src/ui/ModalView.js';
import { TEXT_INPUT_MAX } from '../../src/ui/TextInput.js';
import { createTheme } from '../../src/ui/theme.js';
import { withColour } from '../support/colour.js';

// Colours on, so colour codes would show in the frames.
withColour();

const noop = () => {};
const confirm = (danger = false): Modal => ({
  kind: 'confirm',
  title: 'Stop VM gpu-7?',
  message: 'The VM keeps its disk; billing for the GPU stops.',
  confirmLabel: 'stop',
  danger,
  onConfirm: noop,
});
const typeToConfirm: Modal = {
  kind: 'type-to-confirm',
  title: 'Delete VM gpu-7',
  message: "Type the VM's name to delete it:",
  expected: 'gpu-7',
  onConfirm: noop,
};
const prompt: Modal = {
  kind: 'prompt',
  title: 'Rename VM',
  message: 'New name:',
  initial: 'gpu-7',
  validate: (v) => (/^[a-z][a-z0-9-]{0,49}$/.test(v) ? undefined : 'lower-case letters, digits and -'),
  onSubmit: noop,
};
const choose: Modal = {
  kind: 'choose',
  title: 'Region',
  message: 'Where?',
  options: [
    { label: 'NORWAY-1', value: 'NORWAY-1' },
    { label: 'CANADA-1', value: 'CANADA-1' },
  ],
  onChoose: noop,
};

/** Feeds key names (single chars are typed as themselves). */
function keys(modal: Modal, names: string[], local: ModalLocalState = initModalState(modal)): ModalResult {
  let r: ModalResult = { local };
  for (const n of names) {
    r = modalReduce(modal, r.local, n, n.length === 1 ? n : '', {});
    if (r.done) return r;
  }
  return r;
}
const typeText = (modal: Modal, text: string, ...more: string[]) => keys(modal, [...text.split(''), ...more]);

describe('modalReduce: confirm', () => {
  it('y confirms, n and Esc cancel', () => {
    expect(keys(confirm(), ['y']).done).toBe('confirm');
    expect(keys(confirm(), ['n']).done).toBe('cancel');
    expect(keys(confirm(), ['esc']).done).toBe('cancel');
  });
  it('other keys, Enter included, do nothing (Enter says what to press)', () => {
    const r = keys(confirm(true), ['x', 'enter', 'j']);
    expect(r.done).toBeUndefined();
    expect(r.local.refusal).toBe('press y to stop, or n to cancel');
  });
});

describe('modalReduce: a confirm with a second way to say yes', () => {
  const withAlt: Modal = {
    kind: 'confirm',
    title: 'Stop VM gpu-7?',
    message: 'It keeps costing $1.905/h while stopped.',
    confirmLabel: 'stop',
    onConfirm: noop,
    alternative: { key: 'h', label: 'hibernate instead', onChoose: noop },
  };
  it('its key says the alternative; y still confirms; without one the key does nothing', () => {
    expect(keys(withAlt, ['h']).done).toBe('alternative');
    expect(keys(withAlt, ['y']).done).toBe('confirm');
    expect(keys(confirm(), ['h']).done).toBeUndefined();
  });
  it('shows its key between yes and cancel', () => {
    const { lastFrame } = render(
      <ModalView
        modal={withAlt}
        local={initModalState(withAlt)}
        width={80}
        theme={createTheme({ color: false })}
      />,
    );
    expect(lastFrame()).toContain('[y] stop   [h] hibernate instead   [n] cancel');
  });
});

describe('modalReduce: type-to-confirm', () => {
  it('refuses a wrong name and accepts the exact one', () => {
    const wrong = typeText(typeToConfirm, 'gpu-', 'enter');
    expect(wrong.done).toBeUndefined();
    expect(wrong.local.refusal).toMatch(/not the exact name/);
    expect(typeText(typeToConfirm, 'GPU-7', 'enter').done).toBeUndefined();
    expect(typeText(typeToConfirm, 'gpu-7 ', 'enter').done).toBeUndefined();
    expect(keys(typeToConfirm, ['enter']).done).toBeUndefined();
    const right = keys(typeToConfirm, ['g', 'p', 'u', '-', '7', 'enter'], wrong.local);
    expect(right.done).toBeUndefined(); // "gpu-gpu-7" is still wrong
    const exact = typeText(typeToConfirm, 'gpu-7', 'enter');
    expect(exact.done).toBe('confirm');
  });
  it('y does not confirm (it is typed), Esc cancels', () => {
    expect(typeText(typeToConfirm, 'y').done).toBeUndefined();
    expect(typeText(typeToConfirm, 'y').local.text.value).toBe('y');
    expect(typeText(typeToConfirm, 'gpu', 'esc').done).toBe('cancel');
  });
});

describe('modalReduce: prompt', () => {
  it('starts with the initial text and submits it when valid', () => {
    const r = keys(prompt, ['enter']);
    expect(r).toMatchObject({ done: 'confirm', value: 'gpu-7' });
  });
  it('Enter on an invalid value submits nothing; fixing it submits', () => {
    const bad = keys(prompt, ['ctrl+u', 'B', 'A', 'D', 'enter']);
    expect(bad.done).toBeUndefined();
    expect(bad.local.text.value).toBe('BAD');
    const fixed = keys(prompt, ['ctrl+u', 'o', 'k', 'enter'], bad.local);
    expect(fixed).toMatchObject({ done: 'confirm', value: 'ok' });
  });
  it('submits any value without a validator; Esc cancels', () => {
    const free: Modal = { ...prompt, validate: undefined } as Modal;
    expect(keys(free, ['ctrl+u', 'enter'])).toMatchObject({ done: 'confirm', value: '' });
    expect(keys(prompt, ['esc']).done).toBe('cancel');
  });
});

describe('modalReduce: choose', () => {
  it('moves with ↑/↓ (clamped) and Enter picks the value', () => {
    expect(keys(choose, ['enter'])).toMatchObject({ done: 'confirm', value: 'NORWAY-1' });
    expect(keys(choose, ['down', 'enter'])).toMatchObject({ done: 'confirm', value: 'CANADA-1' });
    expect(keys(choose, ['down', 'down', 'down', 'enter'])).toMatchObject({ value: 'CANADA-1' });
    expect(keys(choose, ['down', 'up', 'up', 'enter'])).toMatchObject({ value: 'NORWAY-1' });
    expect(keys(choose, ['j', 'esc']).done).toBe('cancel');
  });
  it('Enter with no options does nothing', () => {
    const empty: Modal = { ...choose, options: [] };
    expect(keys(empty, ['enter']).done).toBeUndefined();
  });
});

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
function raw(modal: Modal, local: ModalLocalState = initModalState(modal), color = false, width = 60) {
  unmount?.();
  const r = render(<ModalView modal={modal} local={local} width={width} theme={createTheme({ color })} />);
  unmount = r.unmount;
  return r.lastFrame() ?? '';
}
const draw = (modal: Modal, local?: ModalLocalState, width?: number) =>
  plain(raw(modal, local, false, width));

describe('ModalView', () => {
  it('draws a confirm with its keys in a box', () => {
    const f = draw(confirm());
    expect(f).toContain('Stop VM gpu-7?');
    expect(f).toContain('[y] stop   [n] cancel');
    expect(f).toContain('╭');
    expect(f).not.toContain('⚠');
    for (const line of f.split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
  });

  it('marks a danger confirm with ⚠ (and red only when colour is on)', () => {
    const f = draw(confirm(true));
    expect(f).toContain('⚠ Stop VM gpu-7?');
    expect(f).toContain('[y] ⚠ stop');
    expect(raw(confirm(true))).not.toMatch(/\x1b\[3\dm/);
    expect(raw(confirm(true), undefined, true)).toContain('\x1b[31m');
  });

  it('type-to-confirm shows the typed text, a hint while it does not match, and a check when it does', () => {
    const partial = typeText(typeToConfirm, 'gpu').local;
    const f = draw(typeToConfirm, partial);
    expect(f).toContain("Type the VM's name to delete it:");
    expect(f).toContain('> gpu');
    expect(f).toContain('does not match: type gpu-7 exactly');
    expect(draw(typeToConfirm, typeText(typeToConfirm, 'gpu-7').local)).toContain('✓ matches');
    const refused = typeText(typeToConfirm, 'gpu', 'enter').local;
    expect(draw(typeToConfirm, refused)).toContain('✖ that is not the exact name');
  });

  it('prompt shows the validation error under the input once edited', () => {
    expect(draw(prompt)).not.toContain('✖');
    const f = draw(prompt, typeText(prompt, 'X').local);
    expect(f).toContain('> gpu-7X');
    expect(f).toContain('✖ lower-case letters, digits and -');
  });

  it('choose marks the highlighted option without colour', () => {
    const f = draw(choose, keys(choose, ['down']).local);
    expect(f).toContain('  NORWAY-1');
    expect(f).toContain('› CANADA-1');
  });

  it('sanitizes titles, messages and option labels from the service', () => {
    const evil: Modal = {
      ...choose,
      title: 'x\x1b[2Jy',
      options: [{ label: 'a\x1b]52;c;Zm9v\x07', value: 'a' }],
    };
    const f = raw(evil);
    expect(f).not.toContain('\x1b[2J');
    expect(f).not.toContain('\x1b]52');
    expect(plain(f)).toContain('x␛[2Jy');
  });

  it('fits narrow widths', () => {
    const f = draw(typeToConfirm, typeText(typeToConfirm, 'a-very-long-typed-text-that-scrolls').local, 30);
    for (const line of f.split('\n')) expect([...line].length).toBeLessThanOrEqual(30);
  });
});

describe('modalReduce: more keys', () => {
  it('confirm takes Y and cancels on q', () => {
    expect(keys(confirm(), ['Y']).done).toBe('confirm');
    expect(keys(confirm(), ['q']).done).toBe('cancel');
  });
  it('choose moves with j/k and jumps with g/G, q cancels', () => {
    const three: Modal = { ...choose, options: [...choose.options, { label: 'ALL', value: 'ALL' }] } as Modal;
    expect(keys(three, ['j', 'j', 'k', 'enter'])).toMatchObject({ value: 'CANADA-1' });
    expect(keys(three, ['G', 'enter'])).toMatchObject({ value: 'ALL' });
    expect(keys(three, ['G', 'g', 'enter'])).toMatchObject({ value: 'NORWAY-1' });
    expect(keys(three, ['q']).done).toBe('cancel');
  });
  it('choose shows a window of options with the position when there are many', () => {
    const many: Modal = {
      ...choose,
      options: Array.from({ length: 30 }, (_, i) => ({ label: `opt-${i}`, value: String(i) })),
    } as Modal;
    const local = keys(many, Array(15).fill('down')).local;
    unmount?.();
    const r = render(<ModalView modal={many} local={local} width={60} maxRows={5} />);
    unmount = r.unmount;
    const f = plain(r.lastFrame() ?? '');
    expect(f).toContain('› opt-15');
    expect(f).not.toContain('opt-0 ');
    expect(f).toContain('16 of 30');
    expect(f.match(/opt-/g)).toHaveLength(5);
  });
});

describe('the loading dialog', () => {
  const loading = (onCancel = noop): Modal => ({
    kind: 'loading',
    title: 'Create VM',
    what: 'key pairs, images',
    startedAt: 1_000_000,
    onCancel,
  });
  it('says what loads and for how long, and that Esc cancels', () => {
    expect(loadingText(loading() as Extract<Modal, { kind: 'loading' }>, 1_012_400)).toBe(
      'loading key pairs, images… 12s',
    );
    unmount?.();
    const r = render(
      <ModalView modal={loading()} local={initModalState(loading())} width={60} now={1_075_000} />,
    );
    unmount = r.unmount;
    const f = plain(r.lastFrame() ?? '');
    expect(f).toContain('Create VM');
    expect(f).toContain('loading key pairs, images… 1m');
    expect(f).toContain('[Esc] cancel');
  });
  it('only Esc does anything: it cancels', () => {
    expect(keys(loading(), ['enter', 'y', 'q', 'j']).done).toBeUndefined();
    expect(keys(loading(), ['esc']).done).toBe('cancel');
  });
});

describe('prompts cap what they take', () => {
  it(`a paste of 100 KB keeps ${TEXT_INPUT_MAX} characters and says how many were left out`, () => {
    const r = modalReduce(prompt, initModalState(prompt), 'paste', 'x'.repeat(100_000), {});
    expect(r.local.text.value).toHaveLength(TEXT_INPUT_MAX);
    expect(r.local.notice).toBe(
      `at most ${TEXT_INPUT_MAX} characters here: ${100_000 - TEXT_INPUT_MAX + 5} left out`,
    );
    unmount?.();
    const v = render(<ModalView modal={prompt} local={r.local} width={60} />);
    unmount = v.unmount;
    expect(plain(v.lastFrame() ?? '')).toContain(`at most ${TEXT_INPUT_MAX} characters here`);
    // The next key clears the notice.
    expect(modalReduce(prompt, r.local, 'backspace', '', {}).local.notice).toBeUndefined();
  });
});
