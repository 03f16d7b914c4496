/**
 * The VMs screen's volume keys (in a VM's detail): attach a volume, detach one, and go to one on the Volumes screen
 * with it selected (the link of the detail's Volumes section). Several volumes: a chooser first.
 */
import type { Vm } from '../src/api/schemas/vm.js';
import { sanitize } from '../src/domain/sanitize.js';
import { volumeLabel } from '../src/domain/volumes.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import type { ActionDeps } from '../src/store/actions/mutate.js';
import { detachVolume } from '../src/store/actions/volume-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import type { ResourceAction } from '../src/ui/screen/ResourceScreen.js';

const attachForm = lazyCode(() => import('./forms/volume-attach.js'));

type Attachment = NonNullable<Vm['volume_attachments']>[number];
type Attached = Attachment & { volume: { id: number; name?: string | null | undefined } };

/** The VM's attachments that say which volume (by id; a volume need not have a name). */
export function vmVolumes(vm: Vm): Attached[] {
  return (vm.volume_attachments ?? []).filter((a): a is Attached => typeof a.volume?.id === 'number');
}

/** Runs `then` on the one volume, or on the one chosen when there are several. */
function pick(deps: ActionDeps, vm: Vm, title: string, list: Attached[], then: (a: Attached) => void): void {
  if (list.length === 1) {
    then(list[0]!);
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title,
    message: `Volumes of ${sanitize(vm.name)}:`,
    options: list.map((a) => ({
      label: `${volumeLabel(a.volume)}  ${a.device ?? ''}  ${a.status ?? ''}${a.protected ? '  protected' : ''}`,
      value: String(a.volume.id),
    })),
    onChoose: (value) => {
      const a = list.find((x) => String(x.volume.id) === value);
      if (a) then(a);
    },
  });
}

/** A: attach a volume · X: detach one · L: go to one (detail only: they act on the volumes it lists). */
export function vmVolumeActions<T extends { vm: Vm }>(): ResourceAction<T>[] {
  return [
    {
      key: 'A',
      label: 'attach volume',
      mutation: true,
      detailOnly: true,
      when: (r) => r.vm.status !== 'DELETING',
      run: (r, app) => attachForm((m) => m.openAttachVolume(app.deps, r.vm)),
    },
    {
      key: 'X',
      label: 'detach volume',
      mutation: true,
      detailOnly: true,
      when: (r) => vmVolumes(r.vm).length > 0,
      run: (r, app) =>
        pick(app.deps, r.vm, `Detach which volume of ${sanitize(r.vm.name)}?`, vmVolumes(r.vm), (a) =>
          detachVolume(app.deps, { id: a.volume.id, name: a.volume.name, status: a.status }, r.vm.id),
        ),
    },
    {
      key: 'L',
      label: 'go to volume',
      detailOnly: true,
      when: (r) => vmVolumes(r.vm).length > 0,
      run: (r, app) =>
        pick(app.deps, r.vm, 'Go to which volume?', vmVolumes(r.vm), (a) =>
          openScreenAt(app, 'volumes', 'volumes', String(a.volume.id)),
        ),
    },
  ];
}
