/**
 * Attaching a volume to a VM (Attach_volumes_to_VM), from either side: from a volume, choose the VM; from a VM's
 * detail, choose the volume. Only the VMs and volumes of the same environment are offered; those the service would
 * refuse are shown with the reason. What it refuses anyway (a VM already attaching another volume) stays in the form.
 */

import type { Vm } from '../../src/api/schemas/vm.js';
import type { Volume } from '../../src/api/schemas/volume.js';
import { gb } from '../../src/domain/format.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { attachedVmId, volumeBusy, volumeLabel } from '../../src/domain/volumes.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { followVolume } from '../../src/store/actions/follow-kinds.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { attachmentKeys, vmIds } from '../../src/store/actions/volume-actions.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** The VM states the service attaches a volume in. */
const ATTACHABLE_VM = ['ACTIVE', 'SHUTOFF'];

const PROTECT: FieldSpec<{ protected: boolean }> = {
  id: 'protected',
  kind: 'toggle',
  label: 'Protected',
  help: 'A protected attachment cannot be detached until the protection is lifted (p on the volume).',
};

/** Why a VM cannot take a volume now, or undefined. */
function vmRefusal(vm: Vm): string | undefined {
  if (!ATTACHABLE_VM.includes(vm.status ?? ''))
    return `${vm.status ?? 'in an unknown state'}: only ACTIVE or SHUTOFF VMs take volumes`;
  if (vm.is_snapshotting) return 'being snapshotted';
  return undefined;
}

/** Why a volume cannot be attached now, or undefined. */
function volumeRefusal(v: Volume, vmName: (id: number) => string): string | undefined {
  const vm = attachedVmId(v);
  if (vm !== undefined) return `attached to ${vmName(vm)}: one VM at a time`;
  return volumeBusy(v);
}

async function attach(
  deps: ActionDeps,
  vm: Pick<Vm, 'id' | 'name'>,
  v: Pick<Volume, 'id' | 'name'>,
  protect: boolean,
) {
  const what = `${sanitize(volumeLabel(v))} to ${sanitize(vm.name)}`;
  await mutate(deps, (api) => api.volumes.attach(vm.id, [v.id], { protected: protect }), {
    doing: `Attaching volume ${what}`,
    done: `Volume ${what} attaching`,
    refresh: attachmentKeys(vm.id),
    items: { vms: vmIds(vm.id) },
  });
  followVolume(deps, v, 'available');
}

/** From a volume: which VM of its environment. */
export function attachToVmForm(
  deps: ActionDeps,
  v: Volume,
  vms: readonly Vm[],
): FormSpec<{ vm: string | undefined; protected: boolean }> {
  const env = v.environment?.name;
  const inEnv = vms.filter((vm) => vm.environment?.name === env);
  const options: FieldOption[] = inEnv.map((vm) => {
    const why = vmRefusal(vm);
    return {
      label: vm.name,
      value: String(vm.id),
      hint: vm.flavor?.name ?? '',
      ...(why ? { disabled: why } : {}),
    };
  });
  return {
    title: `Attach ${sanitize(volumeLabel(v))} to a VM`,
    notes: [`VMs of ${sanitize(env ?? '—')} only: a volume attaches to a VM of its own environment.`],
    fields: [{ id: 'vm', kind: 'select', label: 'VM', options: () => options }, PROTECT],
    initial: { vm: options.find((o) => !o.disabled)?.value, protected: false },
    submitLabel: 'Attach',
    onSubmit: async (values) => {
      const vm = inEnv.find((x) => String(x.id) === values.vm);
      if (vm) await attach(deps, vm, v, values.protected);
    },
  };
}

/** From a VM: which volume of its environment. */
export function attachVolumeForm(
  deps: ActionDeps,
  vm: Vm,
  volumes: readonly Volume[],
  vms: readonly Vm[],
): FormSpec<{ volume: string | undefined; protected: boolean }> {
  const env = vm.environment?.name;
  const names = new Map(vms.map((x) => [x.id, x.name]));
  const vmName = (id: number) => names.get(id) ?? `VM #${id}`;
  const inEnv = volumes.filter((v) => v.environment?.name === env);
  const options: FieldOption[] = inEnv.map((v) => {
    const why = volumeRefusal(v, vmName);
    const hint = `${gb(v.size)} ${v.volume_type ?? ''}`.trim();
    return { label: volumeLabel(v), value: String(v.id), hint, ...(why ? { disabled: why } : {}) };
  });
  return {
    title: `Attach a volume to ${sanitize(vm.name)}`,
    notes: [
      options.length
        ? `Volumes of ${sanitize(env ?? '—')} only. c on the Volumes screen (:volumes) creates one.`
        : `No volume in ${sanitize(env ?? '—')}: create one on the Volumes screen (:volumes, c).`,
    ],
    fields: [{ id: 'volume', kind: 'select', label: 'Volume', options: () => options }, PROTECT],
    initial: { volume: options.find((o) => !o.disabled)?.value, protected: false },
    submitLabel: 'Attach',
    onSubmit: async (values) => {
      const v = inEnv.find((x) => String(x.id) === values.volume);
      if (v) await attach(deps, vm, v, values.protected);
    },
  };
}

/** Opens "attach to a VM" for a volume, once the VMs are loaded. */
export async function openAttachToVm(deps: ActionDeps, v: Volume): Promise<void> {
  if (
    !(await ensureLoaded(deps, ['vms'], {
      title: `Attach ${sanitize(volumeLabel(v))}`,
      names: { vms: 'VMs' },
    }))
  )
    return;
  ui.openForm(deps.store, attachToVmForm(deps, v, readData(deps.store, 'vms') ?? []));
}

/** Opens "attach a volume" for a VM, once the volumes are loaded. */
export async function openAttachVolume(deps: ActionDeps, vm: Vm): Promise<void> {
  const ok = await ensureLoaded(deps, ['volumes'], { title: `Attach a volume to ${sanitize(vm.name)}` });
  if (!ok) return;
  const volumes = readData(deps.store, 'volumes') ?? [];
  ui.openForm(deps.store, attachVolumeForm(deps, vm, volumes, readData(deps.store, 'vms') ?? [vm]));
}
