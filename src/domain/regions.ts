/**
 * The regions to offer (a region filter, a form's choices), from what the client has: the regions endpoint when
 * the service answered it, else the regions named by the environments and the GPU stock. Never a fixed list: the
 * service has the regions it has (NORWAY-1, CANADA-1, US-1 …). Pure.
 */

export interface RegionChoice {
  name: string;
  /** From the regions endpoint; null when derived from environments or stock. */
  country: string | null;
  /** GREEN, PARTIALLY_GREEN or NOT_GREEN; null when unknown. */
  greenStatus: string | null;
}

export interface RegionSources {
  /** GET /core/regions (undefined or null when it failed or was not asked). */
  regions?: readonly { name: string; country?: string | null; green_status?: string | null }[] | null;
  environments?: readonly { region?: string | null }[] | null;
  stocks?: readonly { region?: string | null }[] | null;
}

/** The regions endpoint's list when it has one; else environments' then stock's regions, each once, in order. */
export function deriveRegions(src: RegionSources): RegionChoice[] {
  const listed = (src.regions ?? []).filter((r) => r.name.trim() !== '');
  if (listed.length > 0) {
    const seen = new Set<string>();
    return listed.flatMap((r) => {
      if (seen.has(r.name)) return [];
      seen.add(r.name);
      return [{ name: r.name, country: r.country ?? null, greenStatus: r.green_status ?? null }];
    });
  }
  const names = [...(src.environments ?? []), ...(src.stocks ?? [])]
    .map((x) => x.region?.trim() ?? '')
    .filter((name) => name !== '');
  return [...new Set(names)].map((name) => ({ name, country: null, greenStatus: null }));
}

/** Just the names, in the same order. */
export function regionNames(src: RegionSources): string[] {
  return deriveRegions(src).map((r) => r.name);
}
