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
    } as unknown as Api;
    const spec = KIND_SPECS.flavors;
    const rows = await spec.fetch(api, {});
    expect(rows.map((r) => [spec.name(r), spec.region?.(r)])).toEqual([
      ['n3-A100x1', 'NORWAY-1'],
      ['n3-H100x1', 'CANADA-1'],
    ]);
  });
});
