/**
 * GPU stock per region. Deterministic from the seed, with a few fixed facts so the demo always shows both sides:
 * H100 SXM5 is sold out in NORWAY-1, CANADA-1 has no 8-GPU A100 node free, and every other model has at least
 * one single-GPU node free (flavors x1 are deployable).
 */
import { FLAVORS, type Region } from '../catalog.js';
import type { Rng } from '../rng.js';
import type { StockModel } from '../world/types.js';
import type { World } from '../world.js';

/** The sold-out model in the demo data: the one a restock brings back. */
export const SOLD_OUT = { region: 'NORWAY-1', model: 'H100-80G-SXM5' } as const;

function planned(rng: Rng, max: number): string | null {
  return rng.chance(0.3) ? null : String(rng.int(0, max) * 8);
}

/** Seeds the stock of `regions`, in order, from `rng`. */
export function seedStock(world: World, rng: Rng, regions: readonly Region[]): void {
  for (const region of regions) {
    const models = [
      ...new Set(FLAVORS.filter((f) => f.region === region && f.gpuCount > 0).map((f) => f.gpu)),
    ];
    const out: StockModel[] = models.map((model) => {
      const soldOut = region === SOLD_OUT.region && model === SOLD_OUT.model;
      const c = soldOut
        ? { '1x': 0, '2x': 0, '4x': 0, '8x': 0, '10x': 0 }
        : {
            '1x': rng.int(1, 14),
            '2x': rng.int(0, 6),
            '4x': rng.int(0, 4),
            '8x': rng.int(0, 3),
            '10x': rng.chance(0.25) ? 1 : 0,
          };
      if (region === 'CANADA-1' && model === 'A100-80G-PCIe') c['8x'] = 0;
      if (model === 'H100-80G-SXM5' && !soldOut) c['8x'] = Math.max(1, c['8x']);
      return {
        model,
        configurations: c,
        planned7: planned(rng, 4),
        planned30: planned(rng, 16),
        planned100: soldOut ? null : planned(rng, 64),
      };
    });
    world.stock.set(region, out);
  }
}

/** Two 8-GPU nodes of the sold-out model come free `ms` after now (simulated time). */
export function scheduleRestock(world: World, ms: number): void {
  world.at(world.now() + ms, () => {
    const m = world.stock.get(SOLD_OUT.region)?.find((x) => x.model === SOLD_OUT.model);
    if (m) m.configurations = { ...m.configurations, '8x': 2 };
  });
}
