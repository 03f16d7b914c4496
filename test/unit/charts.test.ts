import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/domain/text.js';
import { bar, barLines } from '../../src/ui/charts/bar.js';
import { resample, sparkline, sparkRows } from '../../src/ui/charts/sparkline.js';

const usd = (v: number | null | undefined) => (typeof v === 'number' ? `$${v.toFixed(2)}` : '—');

describe('bar', () => {
  it('draws full blocks and an eighth-precise end', () => {
    expect(bar(3)).toBe('███');
    expect(bar(2.5)).toBe('██▌');
    expect(bar(0.125)).toBe('▏');
    expect(bar(0)).toBe('');
    expect(bar(Number.NaN)).toBe('');
  });
});

describe('barLines', () => {
  const items = [
    { label: 'jupyter-27', value: 400 },
    { label: 'finetune', value: 100 },
    { label: 'tiny', value: 0.01 },
    { label: 'unknown', value: null },
  ];

  it('gives every line exactly the width, labels padded, values right-aligned', () => {
    for (const width of [30, 60, 120]) {
      const lines = barLines(items, width, { format: usd });
      expect(lines).toHaveLength(4);
      for (const l of lines) expect(displayWidth(l)).toBe(width);
      expect(lines[0]).toMatch(/^jupyter-27 │█+ \$400\.00$/);
      expect(lines[3]).toMatch(/^unknown +│ + —$/);
    }
  });

  it('scales to the largest value and never hides a small non-zero one', () => {
    const lines = barLines(items, 60, { format: usd });
    const len = (l: string) => (l.match(/[█▏▎▍▌▋▊▉]/g) ?? []).length;
    expect(len(lines[0]!)).toBeGreaterThan(3 * len(lines[1]!));
    expect(len(lines[2]!)).toBe(1);
  });

  it('cuts long labels and says nothing for no items; control characters are made inert', () => {
    const lines = barLines([{ label: 'a-very-long-resource-name-indeed', value: 1 }], 40, {
      format: usd,
      maxLabelWidth: 10,
    });
    expect(lines[0]).toMatch(/^a-very-lo… │/);
    expect(barLines([], 40, { format: usd })).toEqual([]);
    expect(barLines([{ label: 'x\x1b[2J', value: 1 }], 40, { format: usd })[0]).not.toContain('\x1b');
  });
});

describe('sparkline', () => {
  it('maps the range onto eight levels', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([5, 5, 5], 10)).toBe('▄▄▄');
    expect(sparkline([0, 0], 10)).toBe('▁▁');
    expect(sparkline([1, null, 3], 10)).toBe('▁ █');
    expect(sparkline([], 10)).toBe('');
  });

  it('averages down to the width', () => {
    expect(resample([1, 3, 5, 7], 2)).toEqual([2, 6]);
    expect(
      sparkline(
        Array.from({ length: 100 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(10);
    expect(resample([1, null, null, 4], 2)).toEqual([1, 4]);
  });
});

describe('sparkRows', () => {
  it('fills each column to its value in eighths over several lines, on a fixed scale when given', () => {
    expect(sparkRows([0, 75, 100], 3, 2, { min: 0, max: 100 })).toEqual([' ▄█', '▁██']);
    // default scale: 0 to the largest value; a missing value is a blank column
    expect(sparkRows([1, null, 2], 3, 1)).toEqual(['▄ █']);
    // above the scale: clamped to the top
    expect(sparkRows([200], 1, 2, { min: 0, max: 100 })).toEqual(['█', '█']);
  });
});
