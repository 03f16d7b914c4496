import type { AppStore } from '../state/app-store.js';
import { type DataOf, type ResourceKey, readSlices } from '../state/resources.js';

/** One element of a list resource ("vms" → Vm). */
type ItemOf<K extends ResourceKey> = NonNullable<DataOf<K>> extends readonly (infer E)[] ? E : never;

/**
 * Puts newly created objects into a list slice at once (the service answered with them), so they show before the
 * refresh lands, and stay shown if it fails. Objects already there (by id) are left alone.
 */
export function addToList<K extends ResourceKey>(
  store: AppStore,
  key: K,
  created: readonly (ItemOf<K> & { id: number })[],
): void {
  store.setState((s) => {
    const slice = s.slices[key];
    const data: unknown = readSlices(s)(key);
    if (!slice || !Array.isArray(data) || created.length === 0) return s;
    const have = new Set(data.map((x: { id?: unknown }) => x.id));
    const added = created.filter((c) => !have.has(c.id));
    if (added.length === 0) return s;
    return { slices: { ...s.slices, [key]: { ...slice, data: [...data, ...added] } } };
  });
}
