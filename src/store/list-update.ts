import type { AppStore } from './app-store.js';
import type { ResourceKey } from './resources.js';

/**
 * Puts newly created objects into a list slice at once (the service answered with them), so they show before the
 * refresh lands, and stay shown if it fails. Objects already there (by id) are left alone.
 */
export function addToList<T extends { id: number }>(
  store: AppStore,
  key: ResourceKey,
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
