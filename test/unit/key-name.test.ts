import { describe, expect, it } from 'vitest';
import { keyName, PASTE, PLAIN_KEY, readKeys } from '../../src/ui/input/key-name.js';

/** The names the App dispatches for what the terminal sent. */
const names = (data: string) => readKeys(data).map((k) => keyName(k.input, k.key));

describe('readKeys: several keys in one read (SSH, paste)', () => {
  it('splits text, Enter, Tab, Backspace and Ctrl letters into single key presses', () => {
    expect(names('jjk')).toEqual(['j', 'j', 'k']);
    expect(names('bench-3\r')).toEqual(['b', 'e', 'n', 'c', 'h', '-', '3', 'enter']);
    expect(names('\rD')).toEqual(['enter', 'D']);
    expect(names('a\tb\x7f\x15')).toEqual(['a', 'tab', 'b', 'backspace', 'ctrl+u']);
    expect(names('日本😀')).toEqual(['日', '本', '😀']);
    expect(names('a\r\nb\nc')).toEqual(['a', 'enter', 'b', 'enter', 'c']);
  });
  it('keeps the key fields Ink gives: text plain, capitals shifted, Ctrl letters as letters', () => {
    expect(readKeys('j')).toEqual([{ input: 'j', key: PLAIN_KEY }]);
    expect(readKeys('G')[0]).toEqual({ input: 'G', key: { ...PLAIN_KEY, shift: true } });
    expect(readKeys('\x03')[0]).toEqual({ input: 'c', key: { ...PLAIN_KEY, ctrl: true } });
    expect(names('\x00\x1c\x1d\x1e\x1f')).toEqual(['ctrl+@', 'ctrl+\\', 'ctrl+]', 'ctrl+^', 'ctrl+_']);
  });
});

describe('readKeys: what terminals send', () => {
  it('decodes arrows, Home/End, PgUp/PgDn, Delete in their CSI and SS3 forms', () => {
    expect(names('\x1b[A\x1b[B\x1b[C\x1b[D')).toEqual(['up', 'down', 'right', 'left']);
    expect(names('\x1bOA\x1bOB\x1bOC\x1bOD')).toEqual(['up', 'down', 'right', 'left']);
    expect(names('\x1b[H\x1b[F\x1bOH\x1bOF\x1b[1~\x1b[4~\x1b[7~\x1b[8~')).toEqual([
      'home',
      'end',
      'home',
      'end',
      'home',
      'end',
      'home',
      'end',
    ]);
    expect(names('\x1b[5~\x1b[6~\x1b[[5~\x1b[[6~')).toEqual(['pgup', 'pgdn', 'pgup', 'pgdn']);
    expect(readKeys('\x1b[3~')[0]?.key.delete).toBe(true);
  });
  it('decodes modifiers (xterm CSI 1;m) onto the key', () => {
    const [ctrlUp] = readKeys('\x1b[1;5A');
    expect(ctrlUp?.key).toMatchObject({ upArrow: true, ctrl: true, shift: false });
    expect(readKeys('\x1b[1;2B')[0]?.key).toMatchObject({ downArrow: true, shift: true });
    expect(readKeys('\x1b[1;3D')[0]?.key).toMatchObject({ leftArrow: true, meta: true });
    expect(readKeys('\x1b[5;5~')[0]?.key).toMatchObject({ pageUp: true, ctrl: true });
    expect(names('\x1b[1;5A')).toEqual(['up']);
  });
  it('decodes F-keys in every form, with modifiers: Ctrl+F1–F4 are keys, never a crash', () => {
    expect(names('\x1bOP\x1bOQ\x1bOR\x1bOS')).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(names('\x1b[11~\x1b[15~\x1b[17~\x1b[24~\x1b[[A\x1b[[E')).toEqual([
      'f1',
      'f5',
      'f6',
      'f12',
      'f1',
      'f5',
    ]);
    expect(names('\x1b[1;5P\x1b[1;5Q\x1b[1;5R\x1b[1;5S')).toEqual([
      'ctrl+f1',
      'ctrl+f2',
      'ctrl+f3',
      'ctrl+f4',
    ]);
    expect(names('\x1bO5P\x1bO5Q\x1bO5R\x1bO5S')).toEqual(['ctrl+f1', 'ctrl+f2', 'ctrl+f3', 'ctrl+f4']);
    expect(names('\x1b[15;2~')).toEqual(['shift+f5']);
    for (const k of readKeys('\x1b[1;5P\x1bO5S')) expect(k.input).toBe('');
  });
  it('decodes Esc alone, Alt+key, Enter, Tab, Shift+Tab, Backspace', () => {
    expect(readKeys('\x1b')).toEqual([{ input: '', key: { ...PLAIN_KEY, escape: true, meta: true } }]);
    expect(names('\x1b\x1b')).toEqual(['esc', 'esc']);
    expect(readKeys('\x1bx')[0]).toEqual({ input: 'x', key: { ...PLAIN_KEY, meta: true } });
    expect(readKeys('\x1b\r')[0]?.key).toMatchObject({ return: true, meta: true });
    expect(readKeys('\x1b\x1b[A')[0]?.key).toMatchObject({ upArrow: true, meta: true });
    expect(names('\r\n\t\x1b[Z\x7f\b')).toEqual(['enter', 'tab', 'shift+tab', 'backspace', 'backspace']);
    // An introducer with nothing after it is the Alt key it also is.
    expect(readKeys('\x1b[')[0]).toEqual({ input: '[', key: { ...PLAIN_KEY, meta: true } });
    expect(readKeys('\x1bO')[0]).toEqual({ input: 'O', key: { ...PLAIN_KEY, meta: true, shift: true } });
  });
  it('decodes kitty (CSI u) and xterm modifyOtherKeys (CSI 27;m;c ~) keys', () => {
    expect(names('\x1b[97;5u\x1b[13u\x1b[27;5;106~')).toEqual(['ctrl+a', 'enter', 'ctrl+j']);
    expect(names('\x1b[97;1:3u')).toEqual([]); // a key release is not a press
    expect(names('\x1b[57358u')).toEqual([]); // Caps Lock: no character
  });
});

describe('readKeys: sequences it does not know are dropped whole', () => {
  it('drops SGR colours and other CSI sequences inside pasted text', () => {
    expect(names('a\x1b[0mb\x1b[5mc\x1b[31md\x1b[38;2;1;2;3me')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(names('x\x1b[2Jy\x1b[?1049hz\x1b[<0;10;20Mw')).toEqual(['x', 'y', 'z', 'w']);
  });
  it('drops bracketed paste markers and keeps the text between them', () => {
    expect(names('\x1b[200~hi\x1b[201~')).toEqual(['h', 'i']);
  });
  it('drops OSC, DCS, SOS, PM and APC strings up to their terminator (or the end)', () => {
    expect(names('a\x1b]0;title\x07b\x1b]52;c;aGk=\x1b\\c')).toEqual(['a', 'b', 'c']);
    expect(names('a\x1bPq#0;2;0;0;0\x1b\\b\x1b_x\x1b\\c\x1b^y\x1b\\d\x1bXz\x1b\\e')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(names('a\x1b]0;never ends')).toEqual(['a']);
  });
  it('reads 8-bit (C1) sequences as their 7-bit forms, and drops other C1 controls', () => {
    expect(names('a\x9b31mb\x9d0;t\x07c\x85d\x8fZe')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(names('\x9bA\x8fP')).toEqual(['up', 'f1']);
  });
  it('drops a sequence cut by a character that cannot be in it, and reads that character', () => {
    expect(names('\x1b[12\x1b[A')).toEqual(['up']);
    expect(names('\x1b[1;5')).toEqual([]);
    expect(names('\x1b[1;5é')).toEqual(['é']);
  });
});

describe('keyName', () => {
  it('names a run of text as a paste, never as the command it spells', () => {
    expect(keyName('esc', PLAIN_KEY)).toBe(PASTE);
    expect(keyName('tab', PLAIN_KEY)).toBe(PASTE);
    expect(keyName('q', PLAIN_KEY)).toBe('q');
    expect(keyName('😀', PLAIN_KEY)).toBe('😀');
  });
});
