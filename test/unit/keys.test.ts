import { describe, expect, it } from 'vitest';
import { keyName, PLAIN_KEY, splitKeys } from '../../src/app/keys.js';

const names = (input: string) => splitKeys(input, PLAIN_KEY)?.map((k) => keyName(k.input, k.key));

describe('splitKeys (several keys in one read)', () => {
  it('splits text, Enter, Tab, Backspace and Ctrl letters into single key presses', () => {
    expect(names('jjk')).toEqual(['j', 'j', 'k']);
    expect(names('bench-3\r')).toEqual(['b', 'e', 'n', 'c', 'h', '-', '3', 'enter']);
    expect(names('\rD')).toEqual(['enter', 'D']);
    expect(names('a\tb\x7f\x15')).toEqual(['a', 'tab', 'b', 'backspace', 'ctrl+u']);
    expect(names('日本')).toEqual(['日', '本']);
  });
  it('leaves single keys and escape sequences to Ink', () => {
    expect(splitKeys('j', PLAIN_KEY)).toBeUndefined();
    expect(splitKeys('\x1b[B', PLAIN_KEY)).toBeUndefined();
    expect(splitKeys('ab', { ...PLAIN_KEY, meta: true })).toBeUndefined();
  });
});
