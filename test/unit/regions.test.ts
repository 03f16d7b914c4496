import { describe, expect, it } from 'vitest';
import { deriveRegions, regionNames } from '../../src/domain/regions.js';

describe('deriveRegions', () => {
  it('the regions endpoint wins: its order, country and green status, each name once', () => {
    const regions = [
      { name: 'NORWAY-1', country: 'Norway', green_status: 'GREEN' },
      { name: 'US-1', country: null },
      { name: 'NORWAY-1', country: 'Norway' },
      { name: ' ', country: 'nowhere' },
    ];
    expect(deriveRegions({ regions, environments: [{ region: 'CANADA-1' }] })).toEqual([
      { name: 'NORWAY-1', country: 'Norway', greenStatus: 'GREEN' },
      { name: 'US-1', country: null, greenStatus: null },
    ]);
  });

  it('without it (failed, empty, not asked): environments’ regions, then the stock’s, each once', () => {
    const environments = [
      { region: 'CANADA-1' },
      { region: 'NORWAY-1' },
      { region: 'CANADA-1' },
      { region: null },
    ];
    const stocks = [{ region: 'US-1' }, { region: 'NORWAY-1' }];
    for (const regions of [undefined, null, []])
      expect(regionNames({ regions, environments, stocks })).toEqual(['CANADA-1', 'NORWAY-1', 'US-1']);
    expect(deriveRegions({ stocks })[0]).toEqual({ name: 'US-1', country: null, greenStatus: null });
    expect(regionNames({})).toEqual([]);
  });
});
