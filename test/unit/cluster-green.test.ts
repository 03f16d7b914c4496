// The clusters' GREEN column says the service's renewable-energy status in a word ("partly"), so it is not cut to
// "PARTIALL…" at 120 columns; the value (sorting, -o json) stays the service's.
import { describe, expect, it } from 'vitest';
import { CLUSTERS_LIST, greenWord } from '../../screens/lists/clusters.js';
import { PLAIN_THEME } from '../../src/ui/theme.js';

describe('the GREEN column of clusters', () => {
  it('reads yes / partly / no, keeps an unknown status as sent and the service value for sorting', () => {
    expect(['GREEN', 'PARTIALLY_GREEN', 'NOT_GREEN', 'BLUE', null].map(greenWord)).toEqual([
      'yes',
      'partly',
      'no',
      'BLUE',
      '—',
    ]);
    const col = CLUSTERS_LIST.columns(PLAIN_THEME, 0).find((c) => c.id === 'green');
    const row = { cluster: { green_status: 'PARTIALLY_GREEN' } } as never;
    expect(col?.text?.(row)).toBe('partly');
    expect(col?.value(row)).toBe('PARTIALLY_GREEN');
  });
});
