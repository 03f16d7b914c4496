import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyName } from '../../src/ui/input/key-name.js';
import { useKeys } from '../../src/ui/input/useKeys.js';
import {
  cleanInput,
  clip,
  inputWindow,
  insertText,
  TEXT_INPUT_MAX,
  TextInput,
  type TextInputState,
  textInputReduce,
  textInputState,
} from '../../src/ui/TextInput.js';
import { createTheme, statusKind, statusLabel } from '../../src/ui/theme.js';

const type = (s: TextInputState, ...keys: string[]) =>
  keys.reduce((acc, k) => textInputReduce(acc, k, k.length === 1 ? k : ''), s);

describe('textInputReduce', () => {
  it('inserts printable text at the caret and moves it', () => {
    let s = type(textInputState(''), 'g', 'p', 'u');
    expect(s).toEqual({ value: 'gpu', cursor: 3 });
    s = textInputReduce(s, 'left', '');
    s = textInputReduce(s, 'X', 'X');
    expect(s).toEqual({ value: 'gpXu', cursor: 3 });
  });

  it('handles backspace, left/right, home/end, ctrl+u, ctrl+w', () => {
    let s = textInputState('hello world');
    expect(s.cursor).toBe(11);
    s = textInputReduce(s, 'backspace', '');
    expect(s.value).toBe('hello worl');
    s = textInputReduce(s, 'home', '');
    expect(s.cursor).toBe(0);
    expect(textInputReduce(s, 'backspace', '')).toBe(s);
    expect(textInputReduce(s, 'left', '')).toBe(s);
    s = textInputReduce(s, 'right', '');
    expect(s.cursor).toBe(1);
    s = textInputReduce(s, 'end', '');
    expect(s.cursor).toBe(10);
    expect(textInputReduce(s, 'ctrl+w', '')).toEqual({ value: 'hello ', cursor: 6 });
    expect(textInputReduce(s, 'ctrl+u', '')).toEqual({ value: '', cursor: 0 });
  });

  it('moves and deletes whole graphemes (emoji, accents)', () => {
    let s = textInputState('a👍🏽b');
    s = textInputReduce(s, 'left', '');
    s = textInputReduce(s, 'backspace', '');
    expect(s).toEqual({ value: 'ab', cursor: 1 });
  });

  it('never lets control characters in: a pasted "\\x1b[2J" becomes inert text', () => {
    const s = textInputReduce(textInputState(''), '\x1b[2J', '\x1b[2J');
    expect(s.value).toBe('[2J');
    expect(s.value).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(cleanInput('a\x07b\x9bc\u202ed\r\ne\tf')).toBe('abcd e f');
    expect(textInputState('x\x1by').value).toBe('xy');
  });

  it('ignores ctrl/meta chords and navigation keys it does not own', () => {
    const s = textInputState('ab');
    expect(textInputReduce(s, 'ctrl+x', 'x', { ctrl: true })).toBe(s);
    expect(textInputReduce(s, 'enter', '\r')).toBe(s);
    expect(textInputReduce(s, 'esc', '')).toBe(s);
    expect(textInputReduce(s, 'tab', '\t')).toBe(s);
    expect(textInputReduce(s, 'up', '')).toBe(s);
  });

  it('scrolls horizontally to keep the caret in view', () => {
    const w = inputWindow(textInputState('abcdefghij'), 5);
    expect(w.before + w.at + w.after).toHaveLength(5);
    expect(w.at).toBe(' ');
    expect(w.before).toBe('ghij');
    const home = inputWindow({ value: 'abcdefghij', cursor: 0 }, 5);
    expect(home).toEqual({ before: '', at: 'a', after: 'bcde' });
  });
});

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

/** A one-dispatcher harness like the App: the app's key reader once, keyName, then the reducer. */
function Harness() {
  const [s, set] = useState(textInputState(''));
  useKeys((keys) =>
    set((prev) =>
      keys.reduce((st, { input, key }) => textInputReduce(st, keyName(input, key), input, key), prev),
    ),
  );
  return (
    <>
      <TextInput state={s} width={30} />
      <Text>value={JSON.stringify(s.value)}</Text>
    </>
  );
}
const tick = () => new Promise((r) => setTimeout(r, 10));

describe('TextInput through Ink', () => {
  it('takes typed keys and drops a pasted escape sequence whole', async () => {
    const r = render(<Harness />);
    unmount = r.unmount;
    await tick();
    r.stdin.write('vm');
    await tick();
    r.stdin.write('\x1b[2J');
    await tick();
    r.stdin.write('\x7f');
    await tick();
    const f = r.lastFrame() ?? '';
    expect(f).not.toContain('\x1b[2J');
    const value = /value=(".*")/.exec(f)?.[1];
    expect(value).toBeDefined();
    expect(JSON.parse(value as string)).not.toMatch(/[\x00-\x1f]/);
    // The key reader dropped ESC[2J whole (no "[2J" text); the backspace took the "m".
    expect(JSON.parse(value as string)).toBe('v');
  });
});

describe('theme', () => {
  it('maps statuses to a symbol always and a colour only when colour is on', () => {
    const on = createTheme({ color: true });
    const off = createTheme({ color: false });
    expect(on.statusStyle('ACTIVE')).toEqual({ symbol: '●', color: 'green', kind: 'ok' });
    expect(on.statusStyle('CREATING')).toMatchObject({ symbol: '◐', color: 'yellow' });
    expect(on.statusStyle('SHUTOFF')).toMatchObject({ symbol: '○', color: 'gray' });
    expect(on.statusStyle('HIBERNATED')).toMatchObject({ symbol: '◌', color: 'blue' });
    expect(on.statusStyle('ERROR')).toMatchObject({ symbol: '✖', color: 'red' });
    expect(on.statusStyle('WHATEVER')).toMatchObject({ symbol: '·', color: undefined });
    expect(on.statusStyle(null).symbol).toBe('·');
    for (const s of ['ACTIVE', 'CREATING', 'SHUTOFF', 'HIBERNATED', 'ERROR']) {
      expect(off.statusStyle(s).color).toBeUndefined();
      expect(off.statusStyle(s).symbol).toBe(on.statusStyle(s).symbol);
    }
    expect([off.accent, off.ok, off.warn, off.error, off.dim, off.info, off.selection]).toEqual(
      Array(7).fill(undefined),
    );
  });

  it('labels a status with its symbol and its sanitized word', () => {
    expect(statusLabel('ACTIVE')).toBe('● ACTIVE');
    expect(statusLabel('ERROR')).toBe('✖ ERROR');
    expect(statusLabel(undefined)).toBe('· —');
    expect(statusLabel('X\x1b[2J')).toBe('· X␛[2J');
  });

  it('classifies transitional and failed states of VMs and clusters', () => {
    expect(statusKind('HIBERNATING')).toBe('busy');
    expect(statusKind('deleting')).toBe('busy');
    expect(statusKind('CREATE_FAILED')).toBe('error');
    expect(statusKind('RECONCILING')).toBe('busy');
    expect(statusKind('SHUTDOWN')).toBe('off');
  });

  it('uses the profile accent when valid, cyan otherwise', () => {
    expect(createTheme({ color: true, accent: 'red' }).accent).toBe('red');
    expect(createTheme({ color: true, accent: '#ff8800' }).accent).toBe('#ff8800');
    expect(createTheme({ color: true, accent: 'reset' }).accent).toBe('cyan');
    expect(createTheme({ color: true }).accent).toBe('cyan');
    expect(createTheme({ color: false, accent: 'red' }).accent).toBeUndefined();
  });

  it('gives each message tone a symbol', () => {
    const t = createTheme({ color: false });
    expect(['ok', 'error', 'pending', 'info'].map((x) => t.toneStyle(x as 'ok').symbol)).toEqual([
      '✓',
      '✖',
      '…',
      '·',
    ]);
  });
});

describe('textInputReduce: emacs keys', () => {
  it('ctrl+a/e go home/end, ctrl+b/f move, ctrl+d deletes under the caret, ctrl+k kills to the end', () => {
    const s = { value: 'abcd', cursor: 2 };
    expect(textInputReduce(s, 'ctrl+a', 'a', { ctrl: true }).cursor).toBe(0);
    expect(textInputReduce(s, 'ctrl+e', 'e', { ctrl: true }).cursor).toBe(4);
    expect(textInputReduce(s, 'ctrl+b', 'b', { ctrl: true }).cursor).toBe(1);
    expect(textInputReduce(s, 'ctrl+f', 'f', { ctrl: true }).cursor).toBe(3);
    expect(textInputReduce(s, 'ctrl+d', 'd', { ctrl: true })).toEqual({ value: 'abd', cursor: 2 });
    expect(textInputReduce(s, 'ctrl+k', 'k', { ctrl: true })).toEqual({ value: 'ab', cursor: 2 });
  });
});

describe('the cap of a text input', () => {
  it('an insert keeps what fits and counts what it left out; a full input takes nothing more', () => {
    const s = textInputReduce(textInputState('ab'), 'paste', 'cdefgh', {}, 5);
    expect(s).toEqual({ value: 'abcde', cursor: 5, clipped: 3 });
    expect(textInputReduce(s, 'x', 'x', {}, 5)).toEqual({ value: 'abcde', cursor: 5, clipped: 1 });
    // Any other change forgets the count.
    expect(textInputReduce(s, 'backspace', '', {}, 5)).toEqual({ value: 'abcd', cursor: 4 });
  });
  it(`defaults to ${TEXT_INPUT_MAX}, and never cuts a character in half`, () => {
    expect(textInputReduce(textInputState(''), 'paste', 'y'.repeat(10_000)).value).toHaveLength(
      TEXT_INPUT_MAX,
    );
    expect(textInputState('a'.repeat(9000)).value).toHaveLength(TEXT_INPUT_MAX);
    expect(clip('ab😀', 3)).toBe('ab');
    expect(insertText(textInputState('a'), '😀😀', 4)).toMatchObject({ value: 'a😀', clipped: 2 });
  });
  it('a long value draws, and edits, as its neighbourhood of the caret alone would', () => {
    const unit = 'abc 日本 😀 e\u0301 '; // wide, astral and combined characters
    const text = unit.repeat(2000);
    const starts = [...new Intl.Segmenter().segment(unit)].map((g) => g.index);
    /** The start of the grapheme holding code unit i (the text repeats `unit`). */
    const startAt = (i: number) =>
      i - (i % unit.length) + (starts.findLast((b) => b <= i % unit.length) ?? 0);
    for (const at of [0, 7, 1000, 13_333, text.length - 3, text.length]) {
      const long = { value: text, cursor: at >= text.length ? text.length : startAt(at) };
      const from = startAt(Math.max(0, long.cursor - 200));
      const near = { value: text.slice(from, long.cursor + 200), cursor: long.cursor - from };
      expect(inputWindow(long, 30), `at ${at}`).toEqual(inputWindow(near, 30));
      expect(textInputReduce(long, 'backspace', '').cursor - from, `at ${at}`).toBe(
        textInputReduce(near, 'backspace', '').cursor,
      );
      expect(textInputReduce(long, 'right', '').cursor - from, `at ${at}`).toBe(
        textInputReduce(near, 'right', '').cursor,
      );
    }
  });

  it('segments only the neighbourhood of the caret of a 64 KiB value, on each frame and each key', () => {
    const long = textInputState('x y '.repeat(16 * 1024), 64 * 1024);
    const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      inputWindow({ ...long, cursor: 30_000 }, 80);
      textInputReduce(long, 'backspace', '', {}, 64 * 1024);
      textInputReduce({ ...long, cursor: 100 }, 'right', '', {}, 64 * 1024);
      const lengths = spy.mock.calls.map(([text]) => String(text).length);
      expect(lengths.length).toBeGreaterThan(0);
      expect(Math.max(...lengths)).toBeLessThan(2048); // not 65536
    } finally {
      spy.mockRestore();
    }
  });
});
