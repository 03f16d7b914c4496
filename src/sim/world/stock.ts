/** GPU stock per region, and whether a flavor can be deployed now. */
import type { FlavorDef } from '../catalog.js';
import type { World } from '../world.js';
import type { StockConfig, StockModel } from './types.js';

export function stockModel(world: World, flavor: FlavorDef): StockModel | undefined {
  return world.stock.get(flavor.region)?.find((m) => m.model === flavor.gpu);
}

/** CPU-only flavors are always available; a GPU flavor when its region has free nodes of its size. */
export function inStock(world: World, flavor: FlavorDef): boolean {
  if (flavor.gpuCount === 0) return true;
  const m = stockModel(world, flavor);
  const key = `${flavor.gpuCount}x` as StockConfig;
  return (m?.configurations[key] ?? 0) > 0;
}

/** Free GPUs of a model (the true count, of which `available` is a lower bound). */
export function freeGpus(m: StockModel): number {
  const c = m.configurations;
  return c['1x'] + 2 * c['2x'] + 4 * c['4x'] + 8 * c['8x'] + 10 * c['10x'];
}

/** The service's estimate: a lower bound followed by "+", never more than the true count. */
export function availableText(m: StockModel): string {
  const n = freeGpus(m);
  if (n === 0) return '0';
  if (n < 10) return `${n}+`;
  return `${Math.floor(n / 10) * 10}+`;
}
