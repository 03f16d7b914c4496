/** A region as the service names it ("NORWAY-1", "CANADA-1", "US-1" …): the service's list is the truth. */
export type Region = string;

/** What the region filter shows: one region, or all of them. */
export type RegionFilter = Region | 'ALL';
