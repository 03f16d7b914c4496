import type { Snapshot } from '../../api/schemas/snapshot.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { snapshotMarkKey } from '../state/pending.js';
import { followSnapshot } from './follow-kinds.js';
import { type ActionDeps, runAction } from './mutate.js';

/**
 * Deletes a snapshot after its name is typed. The service also deletes the custom image made of it (and names it),
 * which is said before.
 */
export function deleteSnapshot(deps: ActionDeps, snap: Snapshot): void {
  const name = sanitize(snap.name);
  const image = snap.is_image
    ? ' A custom image was made of it: the service deletes that image too, and VMs can no longer be created from it.'
    : '';
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete snapshot ${name}?`,
    message: `The snapshot (${snap.size ?? '?'} GB) is deleted; no VM can be restored from it afterwards.${image} Type its name to confirm.`,
    expected: snap.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.snapshots.delete(snap.id), {
        doing: `Deleting snapshot ${name}`,
        done: `Snapshot ${name} deleted`,
        refresh: ['snapshots'],
        pending: { key: snapshotMarkKey(snap), label: 'DELETING', from: snap.status },
      }).then((r) => {
        if (r !== undefined) followSnapshot(deps, snap, snap.status);
      }),
  });
}
