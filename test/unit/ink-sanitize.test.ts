import { afterEach, describe, expect, it, vi } from 'vitest';
import { rng, runSeed, sample } from '../support/sampling.js';

// Ink's sanitizeAnsi as the app runs it (vitest applies the bundle's patches marked `tests`) and as Ink ships it
// (`?original`: no patch), see scripts/bundle/patches.mjs.
type Sanitize = (text: string) => string;
const patched: Sanitize = (await import('../../node_modules/ink/build/sanitize-ansi.js' as string)).default;
const original: Sanitize = (await import('../../node_modules/ink/build/sanitize-ansi.js?original' as string))
  .default;

// What a drawn text may hold: words, wide and combining characters, chalk's colours, and every kind of escape
// the tokenizer tells apart (cursor moves, private CSI, OSC with BEL or ST, DCS, C1 controls, a lone or cut ESC).
const PIECES = [
  'ray-worker-1',
  ' ',
  '│',
  '漢字',
  'é',
  '[31m',
  '\x1b[31m',
  '\x1b[39m',
  '\x1b[1;38;5;208m',
  '\x1b[38:2:1:2:3m',
  '\x1b[m',
  '\x1b[0m',
  '\x1b[2J',
  '\x1b[?25l',
  '\x1b[<31m',
  '\x1b[3 q',
  '\x1b]8;;https://example.com\x07',
  '\x1b]0;title\x1b\\',
  '\x1bP1$r\x1b\\',
  '\x1bc',
  '\x1b',
  '\x1b[31',
  '\x9b31m',
  '\x9d0;t\x9c',
  '\x85',
  '\x9c',
];

function textOf(next: () => number): string {
  let t = '';
  for (let n = Math.floor(next() * 12); n > 0; n--) t += PIECES[Math.floor(next() * PIECES.length)];
  return t;
}

describe("Ink's sanitizeAnsi, patched", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives what Ink gives for any text: colours and OSC kept, every other escape dropped', () => {
    const seed = runSeed('ink-sanitize');
    for (const i of sample([...Array(20_000).keys()], 4_000, seed)) {
      const text = textOf(rng(seed + i));
      expect(patched(text), JSON.stringify(text)).toBe(original(text));
    }
  });

  it('walks no character of a plain or only coloured text (a frame’s rows), where Ink tokenized each', () => {
    const codePointAt = vi.spyOn(String.prototype, 'codePointAt');
    const row = '\x1b[36m› \x1b[39mray-worker-1     \x1b[32m● ACTIVE\x1b[39m     RUNNING  n3-RTX-A6000x1';
    expect(patched(row)).toBe(row);
    expect(patched('Virtual machines')).toBe('Virtual machines');
    expect(codePointAt).not.toHaveBeenCalled();
    expect(patched('\x1b[2Jgone')).toBe('gone');
  });
});
