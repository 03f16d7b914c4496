/**
 * Why the service would refuse an action on a VM, before it is sent: a snapshot being taken (every action is
 * refused), a locked VM, a cluster's node (deleted with its cluster), a flavor that cannot hibernate, hard-reboot
 * or be snapshotted (`features.no_*`), or a status that does not allow it. For the UI to grey an action out and
 * say why; the service still has the last word. Pure; reads the VM and flavor as the client parses them.
 */
import { type VmAction, vmActionsFor } from './vm-state.js';

export type BlockableAction = VmAction | 'resize';

export const BLOCKABLE_ACTIONS: readonly BlockableAction[] = [
  'start',
  'stop',
  'hardReboot',
  'hibernate',
  'hibernateRestore',
  'resize',
  'delete',
  'snapshot',
];

export interface FlavorFeaturesLike {
  no_hibernation?: boolean | null;
  no_snapshot?: boolean | null;
  no_reboot?: boolean | null;
  local_storage_only?: boolean | null;
}

export interface FlavorLike {
  name?: string | null;
  features?: FlavorFeaturesLike | null;
}

export interface VmLike {
  status?: string | null;
  is_snapshotting?: boolean | null;
  locked?: boolean | null;
  cluster_id?: number | null;
  flavor?: { name?: string | null; features?: unknown } | null;
}

/** A locked VM refuses changes to itself; taking a snapshot of it is not one. */
const LOCK_REFUSES: ReadonlySet<BlockableAction> = new Set(BLOCKABLE_ACTIONS.filter((a) => a !== 'snapshot'));

const RESIZABLE = new Set(['ACTIVE', 'SHUTOFF']);

/** Why every action on a VM is refused while one of its snapshots is being taken. */
export const SNAPSHOTTING_REASON = 'a snapshot is being taken: wait until it is done';

function featuresOf(vm: VmLike, flavor: FlavorLike | undefined): FlavorFeaturesLike {
  const f = flavor?.features ?? vm.flavor?.features;
  return f !== null && typeof f === 'object' ? (f as FlavorFeaturesLike) : {};
}

function flavorLimit(action: BlockableAction, f: FlavorFeaturesLike): string | undefined {
  if (action === 'hibernate' && f.no_hibernation) return 'hibernation';
  if (action === 'hardReboot' && f.no_reboot) return 'a hard reboot';
  if (action === 'snapshot' && f.no_snapshot) return 'snapshots';
  return undefined;
}

/**
 * Each action the service would refuse, with why (actions not in the map are allowed as far as the client can
 * tell). `flavor` (from the flavor list) wins over the flavor the VM carries.
 */
export function vmActionBlockers(vm: VmLike, flavor?: FlavorLike): Map<BlockableAction, string> {
  const out = new Map<BlockableAction, string>();
  const status = (vm.status ?? '').toUpperCase();
  const allowed = vmActionsFor(status);
  const features = featuresOf(vm, flavor);
  const flavorName = flavor?.name ?? vm.flavor?.name ?? 'its flavor';
  for (const action of BLOCKABLE_ACTIONS) {
    let why: string | undefined;
    if (vm.is_snapshotting) why = SNAPSHOTTING_REASON;
    else if (vm.locked && LOCK_REFUSES.has(action)) why = 'the VM is locked';
    else if (action === 'delete' && vm.cluster_id != null)
      why = `it is a node of cluster ${vm.cluster_id}: it is deleted with its cluster`;
    else {
      const limit = flavorLimit(action, features);
      if (limit) why = `flavor ${flavorName} does not support ${limit}`;
      else if (action === 'resize' ? !RESIZABLE.has(status) : !allowed.has(action))
        why = `not possible while the VM is ${status || 'in an unknown state'}`;
    }
    if (why) out.set(action, why);
  }
  return out;
}

/**
 * Why hibernating the VM would be refused now. The service hibernates only an ACTIVE VM
 * (https://docs.hyperstack.cloud/docs/api-reference/hibernate-vm/): a SHUTOFF one is started first and hibernated
 * once ACTIVE, so for it what would refuse the start, then the hibernation of a running VM, counts.
 */
export function hibernateBlocker(vm: VmLike, flavor?: FlavorLike): string | undefined {
  if ((vm.status ?? '').toUpperCase() !== 'SHUTOFF') return vmActionBlockers(vm, flavor).get('hibernate');
  return (
    vmActionBlockers(vm, flavor).get('start') ??
    vmActionBlockers({ ...vm, status: 'ACTIVE' }, flavor).get('hibernate')
  );
}

/** Why a new VM of this flavor cannot boot from a volume (local storage only), or undefined. */
export function bootVolumeBlocker(flavor: FlavorLike): string | undefined {
  if (!flavor.features?.local_storage_only) return undefined;
  return `flavor ${flavor.name ? `${flavor.name} ` : ''}has local storage only: it cannot boot from a volume`;
}

export interface ImageLike {
  name?: string | null;
  flavor_restrictions?: {
    has_flavor_restrictions?: boolean | null;
    restriction_type?: string | null;
    compatible_flavors?: readonly { flavor_name?: string | null }[] | null;
  } | null;
}

/** Why the image cannot run on the flavor (a `hard` restriction that does not list it), or undefined. */
export function imageFlavorBlocker(image: ImageLike, flavorName: string): string | undefined {
  const r = image.flavor_restrictions;
  if (!r?.has_flavor_restrictions || r.restriction_type !== 'hard') return undefined;
  const names = (r.compatible_flavors ?? []).flatMap((f) => (f.flavor_name ? [f.flavor_name] : []));
  if (names.includes(flavorName)) return undefined;
  const what = image.name ? `image ${image.name}` : 'the image';
  return `${what} runs only on ${names.length > 0 ? names.join(', ') : 'other flavors'}`;
}
