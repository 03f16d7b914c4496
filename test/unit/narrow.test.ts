// The real package, not the bundle's stand-in that vitest.config.ts aliases it to: the reference measure.

import { describe, expect, it } from 'vitest';
import stringWidth from '../../node_modules/string-width/index.js';
import stringWidthFast from '../../scripts/bundle/string-width-fast.js';
import { narrowWidth } from '../../src/domain/narrow.js';

describe('narrowWidth (the fast path in front of string-width)', () => {
  it('agrees with string-width on every character it claims, one by one', () => {
    for (let cp = 0; cp <= 0xffff; cp++) {
      const ch = String.fromCharCode(cp);
      if (narrowWidth(ch) === undefined) continue;
      expect(stringWidth(ch), `U+${cp.toString(16)}`).toBe(1);
    }
  });

  it('answers the strings a frame is made of, and declines what needs a real measure', () => {
    expect(narrowWidth('● ACTIVE — 10.0.0.1 … ▲')).toBe(23);
    expect(narrowWidth('')).toBe(0);
    for (const s of ['日本', '🙂', 'e\u0301', '\x1b[31mx', '\u00ad', '◽'])
      expect(narrowWidth(s), s).toBeUndefined();
  });

  it('the bundle replacement gives string-width answers', () => {
    expect(stringWidthFast).not.toBe(stringWidth);
    for (const s of [
      'plain',
      '● ok',
      '日本語',
      '🙂x',
      'a\u0301',
      '\x1b[1mbold\x1b[22m',
      '\x1b[38;2;1;2;3m● x\x1b[39m',
      '\x1b]8;;u\x07l\x1b]8;;\x07',
      '',
    ]) {
      expect(stringWidthFast(s), s).toBe(stringWidth(s));
      expect(stringWidthFast(s, { ambiguousIsNarrow: false }), s).toBe(
        stringWidth(s, { ambiguousIsNarrow: false }),
      );
    }
  });
});
