/** Volume states and what they allow (the service's words: creating, available, attaching, in-use, detaching). */

/** A volume status on its way to another (creating → available, attaching → in-use …). */
export function volumeMoving(status: string | null | undefined): boolean {
  return /^(creating|attaching|detaching|deleting|extending|downloading|uploading)$/i.test(status ?? '');
}

/** What a volume's blockers need of it. */
export interface VolumeLike {
  name?: string | null | undefined;
  status?: string | null | undefined;
  attachments?: ReadonlyArray<{ instance_id?: number | null; protected?: boolean | null }> | null | undefined;
}

/** What the app calls a volume: its name, or "#ID" when the service gave it none (a name is not required of it). */
export function volumeLabel(v: { id: number; name?: string | null | undefined }): string {
  return v.name || `#${v.id}`;
}

/** The VM the volume is attached to (the first attachment), if any. */
export function attachedVmId(v: VolumeLike): number | undefined {
  return v.attachments?.find((a) => a.instance_id != null)?.instance_id ?? undefined;
}

/** Why the service would refuse to change this volume now (it is still being created, or attaching …). */
export function volumeBusy(v: VolumeLike): string | undefined {
  const s = (v.status ?? '').toLowerCase();
  if (s === 'creating') return 'it is still being created: wait until it is available';
  if (volumeMoving(s)) return `it is ${s}: wait until that is done`;
  return undefined;
}

/**
 * Why deleting (or moving) the volume would be refused: busy, or attached to a VM (named when known). The
 * service refuses both; its words come back in the status line when the list was stale.
 */
export function volumeAttachedBlocker(v: VolumeLike, vmName: string | undefined): string | undefined {
  const busy = volumeBusy(v);
  if (busy) return busy;
  const vm = attachedVmId(v);
  if (vm === undefined) return undefined;
  return `it is attached to ${vmName ?? `VM #${vm}`}: detach it first (x)`;
}
