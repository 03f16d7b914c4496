/**
 * Reads into key presses and pastes (src/ui/input/key-reader.ts): a bracketed paste is ONE event whatever reads
 * bring it, its line breaks, tabs and escape sequences text or nothing, never keys; a read without marks that only
 * types text, three characters or more and not one repeated, is a paste too; typed keys, a held key, a burst of
 * arrows and escape sequences stay keys.
 */
import { describe, expect, it } from 'vitest';
import { keyName } from '../../src/ui/input/key-name.js';
import {
  isUnmarkedPaste,
  KeyReader,
  MAX_PASTE,
  PASTE_END,
  PASTE_START,
  pastedText,
} from '../../src/ui/input/key-reader.js';
import { readKeys } from '../../src/ui/input/read-keys.js';

const names = (events: ReturnType<KeyReader['read']>) =>
  events.map((e) => (e.key.paste ? `paste:${e.input}` : keyName(e.input, e.key)));

describe('bracketed paste', () => {
  it('is one event: its line breaks and tabs are text, its escape sequences and controls nothing', () => {
    const r = new KeyReader();
    expect(names(r.read(`${PASTE_START}xy${PASTE_END}`))).toEqual(['paste:xy']);
    expect(names(r.read(`${PASTE_START}alice@example.com\r\n${PASTE_END}`))).toEqual([
      'paste:alice@example.com\n',
    ]);
    expect(names(r.read(`${PASTE_START}a\tb\rc\x1b[31md\x1b]0;t\x07e\x03\x7f${PASTE_END}`))).toEqual([
      'paste:a\tb\ncde',
    ]);
    expect(r.waiting).toBe(false);
  });

  it('keys before and after it stay keys, in order', () => {
    const r = new KeyReader();
    expect(names(r.read(`j${PASTE_START}D${PASTE_END}\x1b[A`))).toEqual(['j', 'paste:D', 'up']);
  });

  it('across reads, marks cut in two included, and the cut never types text', () => {
    const r = new KeyReader();
    expect(r.read('\x1b[20')).toEqual([]);
    expect(r.waiting).toBe(true);
    expect(r.read('0~hello ')).toEqual([]);
    expect(r.read('world\x1b[2')).toEqual([]);
    expect(names(r.read('01~k'))).toEqual(['paste:hello world', 'k']);
    expect(r.waiting).toBe(false);
  });

  it('a paste whose end never comes is handed over when the reader gives up waiting; a cut mark is keys then', () => {
    const r = new KeyReader();
    r.read(`${PASTE_START}half a pas`);
    expect(names(r.flush())).toEqual(['paste:half a pas']);
    expect(names(r.read('j'))).toEqual(['j']);
    r.read('\x1b[2');
    expect(r.flush()).toEqual(readKeys('\x1b[2'));
  });

  it('keeps at most MAX_PASTE characters of a paste', () => {
    const r = new KeyReader();
    r.read(PASTE_START);
    for (let i = 0; i < 5; i++) r.read('x'.repeat(MAX_PASTE / 2));
    const [e] = r.read(PASTE_END);
    expect(e?.input.length).toBe(MAX_PASTE);
  });

  it('a terminal that marks its pastes may still send one unmarked (tmux’s own paste buffer): still a paste', () => {
    const r = new KeyReader();
    r.read(`${PASTE_START}x${PASTE_END}`);
    expect(names(r.read('abc'))).toEqual(['paste:abc']);
  });
});

describe('a paste without marks (a terminal without bracketed paste)', () => {
  const read = (data: string) => names(new KeyReader().read(data));

  it('three characters of text or more, not one repeated, are a paste (line breaks and tabs with them)', () => {
    expect(read('xyz')).toEqual(['paste:xyz']);
    expect(read('alice@example.com\r')).toEqual(['paste:alice@example.com\n']);
    expect(read('ab\tc\r\n')).toEqual(['paste:ab\tc\n']);
    expect(read('a\x1b[0mbc')).toEqual(['paste:abc']); // a colour copied with it is dropped, not typed
  });

  it('typed keys stay keys: one or two characters, a held key, arrows, Backspace, Ctrl or Alt with the text', () => {
    expect(read('x')).toEqual(['x']);
    expect(read('xy')).toEqual(['x', 'y']);
    expect(read('jjjjjjjj')).toEqual(Array(8).fill('j'));
    expect(read('\x1b[B\x1b[B\x1b[B\x1b[B')).toEqual(['down', 'down', 'down', 'down']);
    expect(read('\x7f\x7f\x7fprod')).toEqual(['backspace', 'backspace', 'backspace', 'p', 'r', 'o', 'd']);
    expect(read('abc\x1b[A')).toEqual(['a', 'b', 'c', 'up']);
    expect(read('\x13abc')).toEqual(['ctrl+s', 'a', 'b', 'c']);
    expect(new KeyReader().read('\x1bxabc').map((e) => e.key.paste ?? e.key.meta)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(read('\r\r\r')).toEqual(['enter', 'enter', 'enter']);
  });

  it('the rule on its own', () => {
    expect(isUnmarkedPaste(readKeys('y\r'))).toBe(false);
    expect(isUnmarkedPaste(readKeys('yes'))).toBe(true);
    expect(isUnmarkedPaste(readKeys('\x1b[Z'))).toBe(false);
    expect(pastedText('a\x1b[1;5Pb\x00c')).toBe('abc');
  });
});
