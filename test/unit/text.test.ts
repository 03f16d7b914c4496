import { describe, expect, it } from 'vitest';
import { displayWidth, padTo, truncate } from '../../src/domain/text.js';

describe('displayWidth', () => {
  it('counts CJK and emoji as two columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('東京')).toBe(4);
    expect(displayWidth('🚀x')).toBe(3);
    expect(displayWidth('👩‍💻')).toBe(2);
  });
});

describe('truncate', () => {
  it('leaves a string that fits exactly alone', () => {
    expect(truncate('abcde', 5)).toBe('abcde');
    expect(truncate('東京', 4)).toBe('東京');
  });

  it('ends a cut string with an ellipsis and never exceeds the width', () => {
    expect(truncate('abcdef', 5)).toBe('abcd…');
    expect(truncate('abcdef', 1)).toBe('…');
    expect(truncate('abcdef', 0)).toBe('');
    expect(truncate('abcdef', -3)).toBe('');
  });

  it('never cuts a wide char in half', () => {
    // 東京都 is 6 columns; at width 4 only one wide char and the ellipsis fit (3 columns).
    expect(truncate('東京都', 4)).toBe('東…');
    expect(displayWidth(truncate('東京都', 4))).toBe(3);
    expect(truncate('東京都', 5)).toBe('東京…');
  });

  it('keeps emoji clusters whole', () => {
    expect(truncate('a👩‍💻b👩‍💻', 4)).toBe('a👩‍💻…');
    for (let w = 0; w <= 8; w++) expect(displayWidth(truncate('a👩‍💻b🚀東c', w))).toBeLessThanOrEqual(w);
  });
});

describe('padTo', () => {
  it('pads left- or right-aligned to the exact width', () => {
    expect(padTo('ab', 5, 'left')).toBe('ab   ');
    expect(padTo('42', 5, 'right')).toBe('   42');
  });

  it('measures wide chars when padding', () => {
    expect(padTo('東', 4)).toBe('東  ');
    expect(displayWidth(padTo('東京都', 5))).toBe(5);
    expect(padTo('東京都', 4)).toBe('東… ');
  });

  it('truncates with an ellipsis when the text is too wide', () => {
    expect(padTo('abcdef', 4, 'right')).toBe('abc…');
  });
});
