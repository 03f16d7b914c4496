/** What a snapshot's list entry may say of where it came from. */
export interface SnapshotLike {
  vm_id?: number | null;
  vm_name?: string | null;
  region?: string | null;
  region_id?: number | null;
}

/**
 * A snapshot's VM name and region, which its list entry may leave out: its own, else its region id's name, else
 * its VM's (the Snapshots screen and `get snapshots` show the same).
 */
export function snapshotSource(
  snap: SnapshotLike,
  vmById: ReadonlyMap<number, { name?: string | null; environment?: { region?: string | null } | null }>,
  regionById: ReadonlyMap<number | null | undefined, string>,
): { vmName: string | undefined; region: string | undefined } {
  const vm = snap.vm_id == null ? undefined : vmById.get(snap.vm_id);
  const region =
    snap.region ??
    (snap.region_id == null ? undefined : regionById.get(snap.region_id)) ??
    vm?.environment?.region;
  return { vmName: snap.vm_name ?? vm?.name ?? undefined, region: region ?? undefined };
}
