import { describe, expect, it } from 'vitest';
import { inkTableText } from '../../src/commands/ink-table.js';
import { alignedText, boxText, type Grid, jsonText } from '../../src/commands/output.js';

const GRID: Grid = {
  titles: ['NAME', 'STATUS', 'GPUS', 'AGE'],
  rows: [
    ['ray-worker-1', 'ACTIVE', '8', '3d'],
    ['b', '', '1', '12m'],
    ['a-much-longer-name-here', 'SHUTOFF', '10', '—'],
  ],
  aligns: ['left', 'left', 'right', 'right'],
};

describe('get output', () => {
  it('boxText, for long lists, draws exactly the box ink-table draws', () => {
    const ink = inkTableText({ ...GRID, color: false });
    expect(ink.split('\n')).toHaveLength(GRID.rows.length + 4);
    expect(boxText(GRID, false)).toBe(ink);
  });

  it('boxText in colour is the same text with bold rules and bold blue titles', () => {
    const painted = boxText(GRID, true);
    expect(painted).toContain('\x1b[34m\x1b[1m NAME ');
    expect(painted.replace(/\x1b\[[0-9;]*m/g, '')).toBe(boxText(GRID, false));
  });

  it('alignedText: columns two spaces apart, numbers to the right, no trailing blanks on a left column', () => {
    expect(alignedText(GRID).split('\n')).toEqual([
      'NAME                     STATUS   GPUS  AGE',
      'ray-worker-1             ACTIVE      8   3d',
      'b                                    1  12m',
      'a-much-longer-name-here  SHUTOFF    10    —',
    ]);
  });

  it('jsonText stays JSON and escapes what a terminal could act on (DEL, C1, bidi)', () => {
    const hostile = [{ name: 'a\x1b[2Jb\x9b31m\u202ec\x7f' }];
    const text = jsonText(hostile);
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
