import type { Environment } from '../../api/schemas/environment.js';
import type { Flavor } from '../../api/schemas/flavor.js';
import type { Image } from '../../api/schemas/image.js';
import type { Keypair } from '../../api/schemas/keypair.js';
import { keypairEnvName } from '../../domain/keypairs.js';
import type { AppStore } from '../state/app-store.js';
import { type PlainKind, type ResourceData, type ResourceKey, readSlices } from '../state/resources.js';
import { ensureLoaded } from './ensure-loaded.js';
import type { ActionDeps } from './mutate.js';

/** The lists a create form chooses from. */
export const FORM_LISTS = [
  'environments',
  'keypairs',
  'images',
  'flavors',
  'stocks',
  'pricebook',
  'profiles',
  'vms',
  'clusters',
  'firewalls',
  'cluster-versions',
  'cluster-master-flavors',
  'regions',
] as const satisfies readonly PlainKind[];
export type FormList = (typeof FORM_LISTS)[number];

/**
 * The lists as the store holds them (undefined: not loaded), by resource kind: their types are the resources'
 * own (resources.ts), so a form's data cannot disagree with what is loaded.
 */
export type FormData = { readonly [K in FormList]?: ResourceData[K] | undefined };

/** What every form builder gets: the app's dependencies and the data to choose from. */
export interface FormContext {
  deps: ActionDeps;
  data: FormData;
}

/** The lists as the store holds them now. */
export function formData(store: AppStore): FormData {
  const read = readSlices(store.getState());
  // each list is the data of the slice of its kind (readSlices types it)
  return Object.fromEntries(FORM_LISTS.map((k) => [k, read(k)])) as FormData;
}

/** Names of the lists as the "loading …" dialog says them. */
const LIST_NAMES: Readonly<Record<FormList, string>> = {
  environments: 'environments',
  keypairs: 'key pairs',
  images: 'images',
  flavors: 'flavors',
  stocks: 'stock',
  pricebook: 'prices',
  profiles: 'profiles',
  vms: 'VMs',
  clusters: 'clusters',
  firewalls: 'firewalls',
  'cluster-versions': 'Kubernetes versions',
  'cluster-master-flavors': 'master flavors',
  regions: 'regions',
};

/** Lists whose content changes by the minute: reloaded when a form opens if older than FRESH_MS. */
const VOLATILE: readonly ResourceKey[] = ['flavors', 'stocks'];

/**
 * Loads what a form needs (ensureLoaded: `required` lists must load, the `optional` ones are best effort, stock is
 * reloaded when stale) and gives it as the form's data; undefined when it could not load or the user cancelled.
 */
export async function loadFormData(
  deps: ActionDeps,
  required: readonly FormList[],
  optional: readonly FormList[] = [],
  opts: { title: string; now?: number },
): Promise<FormData | undefined> {
  const ok = await ensureLoaded(deps, required, {
    title: opts.title,
    optional,
    volatile: VOLATILE,
    names: LIST_NAMES,
    ...(opts.now !== undefined ? { now: opts.now } : {}),
  });
  return ok ? formData(deps.store) : undefined;
}

// ── reading the lists ────────────────────────────────────────────────────────────────────────────────────

/** Key pairs of one environment. */
export function keypairsIn(data: FormData, env: string | undefined): Keypair[] {
  if (!env) return [];
  return (data.keypairs ?? []).filter((k) => keypairEnvName(k) === env);
}

/** Every flavor of a region (flattened from the groups; the group's region fills a flavor's missing one). */
export function flavorsIn(data: FormData, region: string | undefined): Flavor[] {
  if (!region) return [];
  const out: Flavor[] = [];
  for (const g of data.flavors ?? []) {
    for (const f of g.flavors) if ((f.region_name ?? g.region_name) === region) out.push(f);
  }
  return out;
}

/** Every image of a region (flattened from the groups). */
export function imagesIn(data: FormData, region: string | undefined): Image[] {
  if (!region) return [];
  const out: Image[] = [];
  for (const g of data.images ?? []) {
    for (const i of g.images) if ((i.region_name ?? g.region_name) === region) out.push(i);
  }
  return out;
}

/** The environment of that name. */
export function envNamed(data: FormData, name: string | undefined): Environment | undefined {
  return name ? (data.environments ?? []).find((e) => e.name === name) : undefined;
}
