import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { KIND_SPECS } from '../../src/commands/get-columns.js';

describe('get flavors (get-columns.ts)', () => {
  it("a flavor without a region of its own is in its group's, so --region keeps it (as the Stock screen does)", async () => {
    const api = {
      catalog: {
        flavors: async () => [
          { region_name: 'NORWAY-1', flavors: [{ id: 1, name: 'n3-A100x1', region_name: null }] },
          { region_name: 'CANADA-1', flavors: [{ id: 2, name: 'n3-H100x1', region_name: 'CANADA-1' }] },
        ],
      },
      billing: { pricebook: async () => [] },
    } as unknown as Api;
    const spec = KIND_SPECS.flavors;
    const rows = await spec.fetch(api, {});
    expect(rows.map((r) => [spec.name(r), spec.region?.(r)])).toEqual([
      ['n3-A100x1', 'NORWAY-1'],
      ['n3-H100x1', 'CANADA-1'],
    ]);
  });
});

describe('get flavors: prices', () => {
  it('says what each flavor costs an hour, from the pricebook (— where it does not say); -o json beside the object', async () => {
    const api = {
      catalog: {
        flavors: async () => [
          {
            region_name: 'NORWAY-1',
            flavors: [
              { id: 1, name: 'n3-A100x1', region_name: null, gpu: 'A100-80G-PCIe', gpu_count: 1 },
              { id: 2, name: 'n9-unknown', region_name: null },
            ],
          },
        ],
      },
      billing: { pricebook: async () => [{ name: 'n3-A100x1', value: 1.35 }] },
    } as unknown as Api;
    const spec = KIND_SPECS.flavors;
    const rows = await spec.fetch(api, {});
    const price = spec.columns.find((c) => c.title === 'HOURLY');
    expect(rows.map((r) => price?.value(r, 0))).toEqual(['$1.35', '—']);
    expect(spec.raw?.(rows[0] as never)).toMatchObject({ name: 'n3-A100x1', price_per_hour: 1.35 });
  });
});
