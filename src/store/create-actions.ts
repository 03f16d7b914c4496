import type { PricebookEntry } from '../api/schemas/billing.js';
import type { Cluster } from '../api/schemas/cluster.js';
import type { Environment } from '../api/schemas/environment.js';
import type { Flavor, FlavorGroup } from '../api/schemas/flavor.js';
import type { Image, ImageGroup } from '../api/schemas/image.js';
import type { Keypair } from '../api/schemas/keypair.js';
import type { Profile } from '../api/schemas/profile.js';
import type { Stock } from '../api/schemas/stock.js';
import type { Vm } from '../api/schemas/vm.js';
import { type ActionDeps, failureText } from './actions.js';
import { type AppStore, ui } from './app-store.js';
import type { Modal } from './ui-state.js';

/** The lists a create form chooses from, as the store holds them (undefined: not loaded). */
export interface FormData {
  environments?: readonly Environment[] | undefined;
  keypairs?: readonly Keypair[] | undefined;
  /** Grouped by region and OS family, as the service sends them. */
  images?: readonly ImageGroup[] | undefined;
  /** Grouped by GPU model and region, as the service sends them. */
  flavors?: readonly FlavorGroup[] | undefined;
  stocks?: readonly Stock[] | undefined;
  pricebook?: readonly PricebookEntry[] | undefined;
  profiles?: readonly Profile[] | undefined;
  vms?: readonly Vm[] | undefined;
  clusters?: readonly Cluster[] | undefined;
  clusterVersions?: readonly string[] | undefined;
}

/** What every form builder gets: the app's dependencies and the data to choose from. */
export interface FormContext {
  deps: ActionDeps;
  data: FormData;
}

/** Store key of each FormData list. */
export const FORM_DATA_KEYS: Readonly<Record<keyof FormData, string>> = {
  environments: 'environments',
  keypairs: 'keypairs',
  images: 'images',
  flavors: 'flavors',
  stocks: 'stocks',
  pricebook: 'pricebook',
  profiles: 'profiles',
  vms: 'vms',
  clusters: 'clusters',
  clusterVersions: 'cluster-versions',
};

/** Lists whose content changes by the minute (stock): reloaded when opening a form if older than this. */
export const FRESH_MS = 60_000;
const VOLATILE: ReadonlySet<keyof FormData> = new Set(['flavors', 'stocks']);

/** The lists as the store holds them now. */
export function formData(store: AppStore): FormData {
  const slices = store.getState().slices;
  const out: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(FORM_DATA_KEYS)) out[field] = slices[key]?.data;
  return out as FormData;
}

/** Names of the lists as the "loading …" dialog says them. */
const LIST_NAMES: Readonly<Record<keyof FormData, string>> = {
  environments: 'environments',
  keypairs: 'key pairs',
  images: 'images',
  flavors: 'flavors',
  stocks: 'stock',
  pricebook: 'prices',
  profiles: 'profiles',
  vms: 'VMs',
  clusters: 'clusters',
  clusterVersions: 'Kubernetes versions',
};

export interface LoadOptions {
  /** The form's title, shown by the "loading …" dialog. */
  title?: string;
  now?: number;
}

/**
 * Loads what a form needs: the lists not loaded yet, and the volatile ones (stock) when stale. `required` lists
 * must load, else the status line says which could not and this resolves undefined; the others are best effort
 * (no pricebook: prices show as unknown).
 *
 * While anything loads (a slow or faulty service may retry for a minute), a "loading …" dialog shows what and for
 * how long, and Esc cancels: this then resolves undefined, and the late lists open nothing (they still land in
 * the store, for the next time). A dialog rather than the form opened at once with empty lists: the forms are
 * built from their lists (defaults, options, prices, the names taken), so a form open before them would offer
 * nothing to choose and change under the user's keys as they arrive.
 */
export async function loadFormData(
  deps: ActionDeps,
  required: readonly (keyof FormData)[],
  optional: readonly (keyof FormData)[] = [],
  opts: LoadOptions = {},
): Promise<FormData | undefined> {
  const { store, poller } = deps;
  const now = opts.now ?? Date.now();
  const all = [...required, ...optional];
  const stale = all.filter((f) => {
    const slice = store.getState().slices[FORM_DATA_KEYS[f]];
    if (slice?.data === undefined) return true;
    return VOLATILE.has(f) && (slice.updatedAt === undefined || now - slice.updatedAt > FRESH_MS);
  });
  if (stale.length > 0) {
    const what = stale.map((f) => LIST_NAMES[f]).join(', ');
    let cancelled = false;
    const loading: Modal = {
      kind: 'loading',
      title: opts.title ?? 'Opening the form',
      what,
      startedAt: Date.now(),
      onCancel: () => {
        cancelled = true;
        ui.say(store, `cancelled: ${opts.title ?? 'the form'} not opened (still loading ${what})`, 'info');
      },
    };
    ui.openModal(store, loading);
    await Promise.all(stale.map((f) => poller.refresh(FORM_DATA_KEYS[f])));
    // Cancelled, or another dialog took its place: the form must not open over whatever is there now.
    if (cancelled || store.getState().modal !== loading) return undefined;
    ui.closeModal(store);
  }
  const data = formData(store);
  const missing = required.filter((f) => data[f] === undefined);
  if (missing.length > 0) {
    const why = missing
      .map((f) => {
        const err = store.getState().slices[FORM_DATA_KEYS[f]]?.error;
        return `${FORM_DATA_KEYS[f]}${err ? ` (${failureText(err)})` : ''}`;
      })
      .join(', ');
    ui.say(store, `cannot open the form: could not load ${why}`, 'error');
    return undefined;
  }
  if (stale.length > 0) ui.say(store, `loaded ${stale.map((f) => LIST_NAMES[f]).join(', ')}`, 'info');
  return data;
}

/** True (and the status line says why) when the app is read-only: no create form opens then. */
export function refuseReadOnly(deps: Pick<ActionDeps, 'store'>, what: string): boolean {
  if (!deps.store.getState().readOnly) return false;
  ui.say(deps.store, `read-only: ${what} is not allowed (started with --read-only)`, 'error');
  return true;
}

/**
 * Puts newly created objects into a list slice at once (the service answered with them), so they show before the
 * refresh lands, and stay shown if it fails. Objects already there (by id) are left alone.
 */
export function addToList<T extends { id: number }>(
  store: AppStore,
  key: string,
  created: readonly T[],
): void {
  store.setState((s) => {
    const slice = s.slices[key];
    if (!slice || !Array.isArray(slice.data) || created.length === 0) return s;
    const have = new Set((slice.data as Array<{ id?: unknown }>).map((x) => x.id));
    const added = created.filter((c) => !have.has(c.id));
    if (added.length === 0) return s;
    return { slices: { ...s.slices, [key]: { ...slice, data: [...(slice.data as T[]), ...added] } } };
  });
}

// ── reading the lists ────────────────────────────────────────────────────────────────────────────────────

/** The environment name of a key pair (the spec sends a name, the service an object). */
export function keypairEnvName(kp: Keypair): string | undefined {
  const e = kp.environment;
  if (e === null || e === undefined) return undefined;
  return typeof e === 'string' ? e : e.name;
}

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
