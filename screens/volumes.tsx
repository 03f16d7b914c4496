import { volumeAttachedBlocker, volumeBusy, volumeLabel } from '../src/domain/volumes.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import { deleteVolume, detachVolume, setVolumeProtected } from '../src/store/actions/volume-actions.js';
import { volumeMarkKey } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { volumeDetailLines } from '../src/ui/details/volume-detail.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { openAttachToVm } from './forms/volume-attach.js';
import { openCreateVolume } from './forms/volume-create.js';
import { openMoveVolume } from './forms/volume-move.js';
import { VOLUMES_LIST, type VolumeRow } from './lists/volumes.js';

const callbackForm = lazyCode(() => import('./forms/callback-form.js'));

const isProtected = (r: VolumeRow) => r.v.attachments?.some((a) => a.protected === true) === true;

export const VOLUMES_SPEC: ResourceSpec<VolumeRow, 'volumes'> = {
  ...VOLUMES_LIST,
  emptyText: 'no volumes (c creates one)',
  pending: { key: (r) => volumeMarkKey(r.v), status: (r) => r.v.status },
  pendingPrefix: 'volume',
  detail: {
    title: (r) => `volume ${volumeLabel(r.v)}`,
    watch: (r) => [storeKey('volume', r.v.id), storeKey('volume-rate', r.v.id)],
    lines: (r, slice, now) => {
      const rate = slice(storeKey('volume-rate', r.v.id));
      return volumeDetailLines({
        v: fresher(slice(storeKey('volume', r.v.id)), slice('volumes'), r.v),
        vmName: (id) => r.vmNames.get(id),
        hourly: r.hourly,
        rate: rate.data,
        rateLoading: rate.status === 'loading' || rate.status === 'idle',
        now,
        callbackMark: r.callbackMark,
      });
    },
    raw: (r) => r.v,
  },
  actions: [
    {
      key: 'a',
      label: 'attach to VM',
      mutation: true,
      when: (r) => r.vmId === undefined,
      blocked: (r) => volumeBusy(r.v),
      run: (r, app) => void openAttachToVm(app.deps, r.v),
    },
    {
      key: 'x',
      label: 'detach',
      mutation: true,
      when: (r) => r.vmId !== undefined,
      blocked: (r) =>
        volumeBusy(r.v) ??
        (isProtected(r) ? 'its attachment is protected: p lifts the protection' : undefined),
      run: (r, app) => r.vmId !== undefined && detachVolume(app.deps, r.v, r.vmId),
    },
    {
      key: 'p',
      label: 'protect',
      mutation: true,
      when: (r) => r.vmId !== undefined && !isProtected(r),
      run: (r, app) => setVolumeProtected(app.deps, r.v, true),
    },
    {
      key: 'p',
      label: 'unprotect',
      mutation: true,
      when: (r) => r.vmId !== undefined && isProtected(r),
      run: (r, app) => setVolumeProtected(app.deps, r.v, false),
    },
    {
      key: 'v',
      label: 'go to VM',
      when: (r) => r.vmId !== undefined,
      run: (r, app) => openScreenAt(app, 'vms', 'vms', String(r.vmId)),
    },
    {
      key: 'm',
      label: 'move',
      mutation: true,
      blocked: (r) => volumeAttachedBlocker(r.v, r.vmName),
      run: (r, app) => void openMoveVolume(app.deps, r.v),
    },
    {
      key: 'u',
      label: 'callback URL',
      mutation: true,
      run: (r, app) => callbackForm((m) => m.openCallbackForm(app.deps, m.volumeTarget(r.v))),
    },
    {
      key: 'U',
      label: 'remove callback',
      mutation: true,
      when: (r) => Boolean(r.v.callback_url),
      unavailable: () => 'it has no callback URL (u attaches one)',
      run: (r, app) => callbackForm((m) => m.removeCallback(app.deps, m.volumeTarget(r.v))),
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      blocked: (r) => volumeAttachedBlocker(r.v, r.vmName),
      run: (r, app) => deleteVolume(app.deps, r.v),
    },
  ],
  screenActions: [
    {
      key: 'c',
      label: 'create volume',
      mutation: true,
      run: (app, screen) =>
        void openCreateVolume(app.deps, { onCreated: (v) => screen.select(String(v.id)) }),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([VOLUMES_SPEC]);

/** Volumes: type, size, status, the VM it is attached to, environment, cost; create, attach, detach, move, delete. */
export function VolumesScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={VOLUMES_SPEC} />;
}
