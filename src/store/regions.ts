import type { RegionFilter } from '../domain/region.js';
import type { AppState } from './app-store.js';

/**
 * The regions the organisation's data names (environments, stock, flavors), in name order: what the region filter
 * cycles through and the palette offers. Never a fixed list: the service has more regions than it once had.
 */
export function knownRegions(s: Pick<AppState, 'slices'>): string[] {
  const found = new Set<string>();
  const add = (r: unknown) => {
    if (typeof r === 'string' && r.trim()) found.add(r.trim());
  };
  for (const e of (s.slices.environments?.data as Array<{ region?: unknown }> | undefined) ?? [])
    add(e.region);
  for (const st of (s.slices.stocks?.data as Array<{ region?: unknown }> | undefined) ?? []) add(st.region);
  for (const g of (s.slices.flavors?.data as Array<{ region_name?: unknown }> | undefined) ?? [])
    add(g.region_name);
  return [...found].sort();
}

/** The filter after `current`: all regions, then each known one in turn. */
export function nextRegion(current: RegionFilter, regions: readonly string[]): RegionFilter {
  const order: RegionFilter[] = ['ALL', ...regions];
  const i = order.indexOf(current);
  return order[(i + 1) % order.length] ?? 'ALL';
}
