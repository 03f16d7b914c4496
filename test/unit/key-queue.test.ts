import { describe, expect, it } from 'vitest';
import { keyName, PASTE, readKeys } from '../../src/ui/input/key-name.js';
import { isTextKey, KeyQueue, MAX_QUEUED_KEYS } from '../../src/ui/input/key-queue.js';

const names = (q: KeyQueue, take: (q: KeyQueue) => ReturnType<KeyQueue['take']>) => {
  const out: string[] = [];
  for (let k = take(q); k; k = take(q))
    out.push(k.input.length > 1 ? `"${k.input}"` : keyName(k.input, k.key));
  return out;
};

describe('KeyQueue', () => {
  it('keeps keys in order, and drops (and counts) what does not fit', () => {
    const q = new KeyQueue();
    expect(q.push(readKeys('abc'), 5)).toBe(0);
    expect(q.push(readKeys('defg'), 5)).toBe(2);
    expect(q.size).toBe(5);
    expect(names(q, (x) => x.take())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(q.push(readKeys('x'.repeat(MAX_QUEUED_KEYS + 10)))).toBe(10);
  });

  it('joins a run of text keys into one, never across a named key, a Ctrl or an Alt key', () => {
    const q = new KeyQueue();
    q.push(readKeys('esc\tab c\x15de\x1bxfg\r'));
    expect(names(q, (x) => x.takeRun())).toEqual([
      '"esc"',
      'tab',
      '"ab c"',
      'ctrl+u',
      '"de"',
      'x',
      '"fg"',
      'enter',
    ]);
    // The joined key is named a paste, not the command its letters spell.
    q.push(readKeys('up'));
    const run = q.takeRun();
    expect(run && keyName(run.input, run.key)).toBe(PASTE);
  });

  it('hands out every key of a long queue once, in order, across its compactions', () => {
    const q = new KeyQueue();
    const text = Array.from({ length: 5000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    q.push(readKeys(text));
    let out = '';
    for (let i = 0; i < 3000; i++) out += q.take()?.input ?? '';
    q.push(readKeys(text)); // pushed after the head has moved (and the array was compacted)
    for (let k = q.take(); k; k = q.take()) out += k.input;
    expect(out).toBe(text + text);
  });

  it('tells text keys from the others', () => {
    expect(readKeys('a Z日\x1bx\x01\r\t\x1b[A').map(isTextKey)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
