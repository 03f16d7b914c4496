/**
 * The regions the simulated service runs in. Everything regional (flavors, images, stock, Kubernetes versions,
 * public IP pools, GET /core/regions) derives from this table: a region is one entry here.
 */

export type Region = string;
export type GreenStatus = 'GREEN' | 'PARTIALLY_GREEN' | 'NOT_GREEN';

export interface RegionDef {
  id: number;
  name: Region;
  country: string;
  description: string;
  /** Share of renewable energy, as the service grades it. */
  greenStatus: GreenStatus;
  /** Environments here get the network-optimised fabric. */
  networkOptimised: boolean;
  /** First three octets of the region's public IP pool. */
  ipPool: readonly [number, number, number];
  /**
   * Opened after the demo organisation's first years: its data is seeded from a stream of its own
   * (seed/late-regions.ts), so adding it left the older regions' demo data exactly as it was.
   */
  addedLater?: boolean;
}

export const REGION_DEFS: readonly RegionDef[] = [
  {
    id: 1,
    name: 'NORWAY-1',
    country: 'Norway',
    description: 'Oslo, Norway: hydro-powered',
    greenStatus: 'GREEN',
    networkOptimised: false,
    ipPool: [185, 216, 20],
  },
  {
    id: 3,
    name: 'CANADA-1',
    country: 'Canada',
    description: 'Montreal, Canada: hydro-powered, network optimised',
    greenStatus: 'GREEN',
    networkOptimised: true,
    ipPool: [38, 128, 232],
  },
  {
    id: 4,
    name: 'US-1',
    country: 'United States',
    description: 'Virginia, United States',
    greenStatus: 'PARTIALLY_GREEN',
    networkOptimised: true,
    ipPool: [69, 30, 12],
    addedLater: true,
  },
];

export const REGIONS: readonly Region[] = REGION_DEFS.map((r) => r.name);

export function regionDef(name: string): RegionDef | undefined {
  return REGION_DEFS.find((r) => r.name === name);
}

export function isRegion(v: unknown): v is Region {
  return typeof v === 'string' && REGIONS.includes(v);
}

/** The region's definition; throws for a name that is not one (an internal error: records hold known regions). */
export function requireRegionDef(name: string): RegionDef {
  const r = regionDef(name);
  if (!r) throw new Error(`internal: unknown region ${name}`);
  return r;
}
