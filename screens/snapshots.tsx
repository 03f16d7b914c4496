import type { Snapshot } from '../src/api/schemas/snapshot.js';
import { deleteSnapshot } from '../src/store/actions/snapshot-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { snapshotMarkKey } from '../src/store/state/pending.js';
import { readData, storeKey } from '../src/store/state/resources.js';
import { snapshotDetailLines } from '../src/ui/details/snapshot-detail.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { snapshotImageForm } from './forms/snapshot-image.js';
import { openRestoreSnapshot } from './forms/snapshot-restore.js';
import { SNAPSHOTS_LIST, type SnapshotRow } from './lists/snapshots.js';

/** Restore, image and delete wait for the snapshot to be taken. */
const READY_BLOCKER = (r: SnapshotRow) =>
  r.snap.status === 'CREATING' ? 'it is still being taken: wait until it is SUCCESS (finished)' : undefined;

/** The id of the custom image made of the snapshot, when the service names it. */
function imageIdOf(snap: Snapshot): number | undefined {
  const img = snap.custom_image;
  return typeof img === 'object' && img?.id != null ? img.id : undefined;
}

export const SNAPSHOTS_SPEC: ResourceSpec<SnapshotRow, 'snapshots'> = {
  ...SNAPSHOTS_LIST,
  emptyText: 'no snapshots (n on a VM takes one)',
  pending: { key: (r) => snapshotMarkKey(r.snap), status: (r) => r.snap.status },
  pendingPrefix: 'snapshot',
  detail: {
    title: (r) => `snapshot ${r.snap.name}`,
    // the full detail (environment, flavor, key pair of the source VM) and the events
    watch: (r) => [storeKey('snapshot', r.snap.id), storeKey('snapshot-events', r.snap.id)],
    lines: (r, slice, now) => {
      const detail = slice(storeKey('snapshot', r.snap.id)).data;
      const events = slice(storeKey('snapshot-events', r.snap.id));
      return snapshotDetailLines({
        // the list's status is the fresher one while the snapshot is being taken
        snap: detail ? { ...detail, status: r.snap.status } : r.snap,
        vmName: r.vmName,
        region: r.region,
        hourly: r.hourly,
        events: events.data,
        eventsLoading: events.status === 'loading' || events.data === undefined,
        now,
      });
    },
    raw: (r) => r.snap,
  },
  actions: [
    {
      key: 'w',
      label: 'restore',
      mutation: true,
      blocked: READY_BLOCKER,
      run: (r, app) =>
        void openRestoreSnapshot(app.deps, r.snap, {
          onRestored: (vm) => openScreenAt(app, 'vms', 'vms', String(vm.id)),
        }),
    },
    {
      key: 'i',
      label: 'make image',
      mutation: true,
      blocked: (r) =>
        READY_BLOCKER(r) ??
        (r.snap.is_image ? 'an image was already made of it (one per snapshot)' : undefined),
      run: (r, app) => {
        // the image-name check reads the image list: load it in the background, the form opens at once
        if (readData(app.deps.store, 'images') === undefined)
          void app.deps.poller.refreshAfter('images').catch(() => {});
        ui.openForm(app.deps.store, snapshotImageForm(app.deps, r.snap, r.region));
      },
    },
    {
      key: 'I',
      label: 'open its image',
      when: (r) => r.snap.is_image === true || imageIdOf(r.snap) !== undefined,
      unavailable: () => 'no image was made of it (i makes one)',
      run: (r, app) => {
        // the detail's read names the image (the list may not): the one it was made into, selected on :images
        const id = imageIdOf(readData(app.deps.store, storeKey('snapshot', r.snap.id)) ?? r.snap);
        if (id === undefined) ui.setScreen(app.deps.store, 'images');
        else openScreenAt(app, 'images', 'images', String(id));
      },
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      blocked: READY_BLOCKER,
      run: (r, app) => deleteSnapshot(app.deps, r.snap),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([SNAPSHOTS_SPEC]);

/** Snapshots: source VM, status, size, region, cost; details with events; restore, make an image, delete. */
export function SnapshotsScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={SNAPSHOTS_SPEC} />;
}
