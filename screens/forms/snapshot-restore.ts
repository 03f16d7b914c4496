/**
 * Restore a snapshot into a new VM. The OpenAPI restore payload (SnapshotRestoreRequest) takes the new VM's name and
 * an optional contract: the environment, flavor, image and key pair are the snapshot's. The form shows those three
 * as fixed choices, so what the restore will make is visible, and refuses at once what the service would refuse: a
 * name taken, or a flavor out of stock in the region.
 */

import type { Snapshot } from '../../src/api/schemas/snapshot.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { perHour } from '../../src/domain/format.js';
import { VM_NAME_MAX, vmNameError } from '../../src/domain/names.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { followVms } from '../../src/store/actions/follow-kinds.js';
import { type FormData, flavorsIn, formData, keypairsIn } from '../../src/store/actions/form-data.js';
import { addToList } from '../../src/store/actions/list-update.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { type DataOf, readData, storeKey } from '../../src/store/state/resources.js';
import { flavorOption } from './flavor-field.js';

/** The contract field's "no contract" choice (on-demand prices). */
export const NO_CONTRACT = 'none';

/** A JSON-decoded object field of the snapshot detail (vm_flavor …): its name, else the text as sent. */
function nameOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v || undefined;
  if (v && typeof v === 'object' && 'name' in v) {
    const n = (v as { name?: unknown }).name;
    return typeof n === 'string' && n ? n : undefined;
  }
  return undefined;
}

/** The region of a snapshot: the detail's, else its environment's. */
function regionOf(snap: Snapshot): string | undefined {
  if (snap.region) return snap.region;
  const env = snap.vm_environment;
  if (env && typeof env === 'object' && 'region' in env) {
    const r = (env as { region?: unknown }).region;
    return typeof r === 'string' ? r : undefined;
  }
  return undefined;
}

export interface RestoreOptions {
  /** Called with the new VM (CREATING), after it was put in the VM list: show it. */
  onRestored?: (vm: Vm) => void;
}

/** The form's values, by field id. */
type RestoreValues = {
  name: string;
  environment: string | undefined;
  flavor: string | undefined;
  keypair: string | undefined;
  contract: string | undefined;
};

/** "Restore snapshot": the snapshot `snap` (its detail: environment, flavor, key pair) with the choices of `data`. */
export function restoreSnapshotForm(
  deps: ActionDeps,
  snap: Snapshot,
  data: FormData,
  contracts: DataOf<'contracts'> | undefined,
  opts: RestoreOptions = {},
): FormSpec<RestoreValues> {
  const region = regionOf(snap);
  const env = nameOf(snap.vm_environment);
  const flavorName = nameOf(snap.vm_flavor);
  const keyName = nameOf(snap.vm_keypair);
  const prices = priceMap(data.pricebook);
  const flavor = flavorName ? flavorsIn(data, region).find((f) => f.name === flavorName) : undefined;

  const flavorChoice: FieldOption | undefined = flavorName
    ? flavor && region
      ? flavorOption(flavor, region, data, prices)
      : { label: flavorName, value: flavorName, hint: 'not in the flavor list of the region: stock unknown' }
    : undefined;
  const keyKnown = keyName && data.keypairs ? keypairsIn(data, env).some((k) => k.name === keyName) : true;
  const keyChoice: FieldOption | undefined = keyName
    ? {
        label: keyName,
        value: keyName,
        ...(keyKnown
          ? {}
          : { hint: `no longer in ${env ?? 'the environment'}: the VM gets it all the same` }),
      }
    : undefined;
  const active = (contracts ?? []).filter((c) => /^active$/i.test(c.status));

  return {
    title: `Restore snapshot ${snap.name}`,
    notes: [
      'A new VM is made from the snapshot, with its environment, flavor, image and key pair.',
      'It shows at once as CREATING on the VMs screen, selected, and is followed until ACTIVE.',
    ],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'New VM name',
        maxLength: VM_NAME_MAX,
        counter: true,
        placeholder: `e.g. ${snap.vm_name ?? 'vm'}-restored`,
        validate: (v) => {
          const name = v;
          const e = vmNameError(name);
          if (e) return e;
          const vms = readData(deps.store, 'vms') ?? data.vms ?? [];
          return vms.some((x) => x.name === name) ? `a VM named ${name} already exists` : undefined;
        },
      },
      {
        id: 'environment',
        kind: 'select',
        label: 'Environment',
        help: "The snapshot's: a restore cannot move it (the restore payload takes a name and a contract).",
        options: () => (env ? [{ label: env, value: env, ...(region ? { hint: region } : {}) }] : []),
        required: false,
      },
      {
        id: 'flavor',
        kind: 'select',
        label: 'Flavor',
        help: "The snapshot's, with its price and stock now: refused when out of stock in the region.",
        options: () => (flavorChoice ? [flavorChoice] : []),
        required: false,
      },
      {
        id: 'keypair',
        kind: 'select',
        label: 'Key pair',
        help: "The snapshot's: the new VM lets in the same key.",
        options: () => (keyChoice ? [keyChoice] : []),
        required: false,
      },
      {
        id: 'contract',
        kind: 'select',
        label: 'Contract',
        help: 'Bill the VM to one of your contracts, or at on-demand prices.',
        options: () => [
          { label: 'none', value: NO_CONTRACT, hint: 'on-demand prices' },
          ...active.map((c) => ({
            label: `#${c.id}`,
            value: String(c.id),
            ...(c.description ? { hint: c.description } : {}),
          })),
        ],
      },
    ],
    initial: {
      name: '',
      environment: env,
      flavor: flavorChoice?.value,
      keypair: keyChoice?.value,
      contract: NO_CONTRACT,
    },
    summary: () => {
      if (!flavorName) return undefined;
      const each = flavor ? flavorHourly(flavor, prices) : undefined;
      const where = `${flavorName} in ${region ?? '?'}${env ? ` (${env})` : ''}`;
      return each === undefined ? `${where} · price unknown` : `${where} · ${perHour(each)}`;
    },
    submitLabel: 'Restore',
    serviceFields: { new_vm_name: 'name', contract_id: 'contract' },
    onSubmit: async (values) => {
      const name = values.name;
      const contract = values.contract ?? '';
      const body = {
        new_vm_name: name,
        ...(contract && contract !== NO_CONTRACT ? { contract_id: Number(contract) } : {}),
      };
      const vm = await mutate(deps, (api) => api.snapshots.restore(snap.id, body), {
        doing: `Restoring snapshot ${snap.name} into VM ${name}`,
        done: `VM ${name} CREATING from snapshot ${snap.name}: followed until ACTIVE`,
        verify: ['vms'],
      });
      addToList(deps.store, 'vms', [vm]);
      opts.onRestored?.(vm);
      void deps.poller.refreshAfter('vms', [vm.id]).catch(() => {});
      void deps.poller.refreshAfter(storeKey('snapshot-events', snap.id)).catch(() => {});
      followVms(deps, [vm]);
    },
  };
}

/** Loads the snapshot's detail and what the form shows (stock, prices, VMs, key pairs), then opens the form. */
export async function openRestoreSnapshot(deps: ActionDeps, snap: Snapshot, opts: RestoreOptions = {}) {
  const ok = await ensureLoaded(deps, [storeKey('snapshot', snap.id)], {
    title: `Restore snapshot ${snap.name}`,
    optional: ['flavors', 'stocks', 'pricebook', 'vms', 'keypairs', 'contracts'],
    volatile: ['flavors', 'stocks'],
    names: {
      [storeKey('snapshot', snap.id)]: 'the snapshot',
      flavors: 'flavors',
      stocks: 'stock',
      pricebook: 'prices',
      vms: 'VMs',
      keypairs: 'key pairs',
      contracts: 'contracts',
    },
  });
  if (!ok) return;
  const detail = readData(deps.store, storeKey('snapshot', snap.id));
  const full = detail ? { ...snap, ...detail } : snap;
  ui.openForm(
    deps.store,
    restoreSnapshotForm(deps, full, formData(deps.store), readData(deps.store, 'contracts'), opts),
  );
}
