import type { RegionFilter } from '../../domain/region.js';
import { regionNames } from '../../domain/regions.js';
import type { SliceState } from '../engine/poller.js';
import { readSlices } from './resources.js';

/**
 * The regions the service has: the regions endpoint's list, else the regions its environments and stock name (in
 * the service's order). What the region filter cycles through and the palette offers; never a fixed list.
 */
export function knownRegions(s: SliceState): string[] {
  const data = readSlices(s);
  return regionNames({
    regions: data('regions'),
    environments: data('environments'),
    stocks: data('stocks'),
  });
}

/**
 * Why the regions offered are not the regions endpoint's (it failed, or listed none), said wherever a region is
 * chosen so the fallback is never silent; undefined when the endpoint's list is used (or is still loading).
 */
export function regionsFallbackNote(s: SliceState): string | undefined {
  const listed = readSlices(s)('regions');
  if (listed?.some((r) => r.name.trim() !== '')) return undefined;
  const error = s.slices.regions?.error;
  if (error) return `regions named by environments and stock (the regions endpoint failed: ${error.message})`;
  if (listed) return 'regions named by environments and stock (the regions endpoint listed none)';
  return undefined;
}

/** The filter after `current`: all regions, then each known one in turn. */
export function nextRegion(current: RegionFilter, regions: readonly string[]): RegionFilter {
  const order: RegionFilter[] = ['ALL', ...regions];
  const i = order.indexOf(current);
  return order[(i + 1) % order.length] ?? 'ALL';
}
