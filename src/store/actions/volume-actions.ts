/** Volumes: delete (type its name), detach from its VM, protect an attachment, and the name check of the create form. */

import type { Volume } from '../../api/schemas/volume.js';
import { sanitize } from '../../domain/sanitize.js';
import { attachedVmId, volumeLabel } from '../../domain/volumes.js';
import { ui } from '../state/app-store.js';
import { volumeMarkKey } from '../state/pending.js';
import { type ResourceKey, readData, storeKey } from '../state/resources.js';
import { type ActionDeps, runAction } from './mutate.js';

/** What to refresh after a change of the volume's attachment: the list, its VM and that VM's own read. */
export const attachmentKeys = (vmId: number | undefined): ResourceKey[] => [
  'volumes',
  'vms',
  ...(vmId === undefined ? [] : [storeKey('vm', vmId)]),
];

/** The VMs an attachment change is about (read alone after it, on a big list). */
export const vmIds = (vmId: number | undefined) => (vmId === undefined ? [] : [vmId]);

/** The name of a VM from the VM list, when loaded. */
export function vmNameOf(deps: ActionDeps, id: number | undefined): string | undefined {
  if (id === undefined) return undefined;
  return readData(deps.store, 'vms')?.find((v) => v.id === id)?.name;
}

/** Deletes a volume after its name is typed. */
export function deleteVolume(deps: ActionDeps, v: Volume): void {
  const name = sanitize(volumeLabel(v));
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete volume ${name}?`,
    message: `The volume (${v.size ?? '?'} GB${v.bootable ? ', bootable' : ''}) and everything on it are deleted for good. Type ${v.name ? 'its name' : name} to confirm.`,
    expected: volumeLabel(v),
    onConfirm: () =>
      void runAction(deps, (api) => api.volumes.delete(v.id), {
        doing: `Deleting volume ${name}`,
        done: `Volume ${name} deleted`,
        refresh: ['volumes'],
        pending: { key: volumeMarkKey(v), label: 'DELETING', from: v.status ?? undefined },
      }).then((r) => {
        // following loads once an action has been sent: not on the first screen's start path
        if (r !== undefined)
          void import('./follow-kinds.js').then((m) => m.followVolume(deps, v, v.status ?? undefined));
      }),
  });
}

/** Detaches the volume from its VM, after a confirmation (a VM using it loses the disk). */
export function detachVolume(
  deps: ActionDeps,
  v: Pick<Volume, 'id' | 'name' | 'status'>,
  vmId: number,
): void {
  const name = sanitize(volumeLabel(v));
  const vm = sanitize(vmNameOf(deps, vmId) ?? `VM #${vmId}`);
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Detach ${name} from ${vm}?`,
    message: `Unmount it inside ${vm} first: a disk taken away while in use can lose data.`,
    confirmLabel: 'detach',
    danger: true,
    onConfirm: () =>
      void runAction(deps, (api) => api.volumes.detach(vmId, [v.id]), {
        doing: `Detaching volume ${name} from ${vm}`,
        done: `Volume ${name} detaching from ${vm}`,
        refresh: attachmentKeys(vmId),
        items: { vms: [vmId] },
        pending: { key: volumeMarkKey(v), label: 'DETACHING', from: v.status ?? undefined },
      }).then((r) => {
        // following loads once an action has been sent: not on the first screen's start path
        if (r !== undefined)
          void import('./follow-kinds.js').then((m) => m.followVolume(deps, v, v.status ?? undefined));
      }),
  });
}

/** Protects the volume's attachment from detaching, or lifts the protection. */
export function setVolumeProtected(deps: ActionDeps, v: Volume, value: boolean): void {
  const att = v.attachments?.find((a) => a.id != null);
  if (!att?.id) return;
  const name = sanitize(volumeLabel(v));
  void runAction(deps, (api) => api.volumes.setAttachmentProtected(att.id!, value), {
    doing: `${value ? 'Protecting' : 'Unprotecting'} the attachment of ${name}`,
    done: value
      ? `The attachment of ${name} is protected: it cannot be detached`
      : `The attachment of ${name} is no longer protected`,
    refresh: attachmentKeys(attachedVmId(v)),
    items: { vms: vmIds(attachedVmId(v)) },
  });
}
