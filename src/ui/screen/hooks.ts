import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { emptySlice, type Slice } from '../../store/engine/slice.js';
import type { AppState } from '../../store/state/app-store.js';
import type { DataOf, ResourceKey } from '../../store/state/resources.js';
import { useApp } from './context.js';

/** Reads app state through a selector; re-renders only when the selected value changes (Object.is). */
export function useAppState<T>(selector: (s: AppState) => T): T {
  const { deps } = useApp();
  return useStore(deps.store, selector);
}

/**
 * One resource slice (an empty one for no key); unchanged refreshes keep the identity of `data` (structural
 * sharing).
 */
export function useSlice<K extends ResourceKey>(key: K | undefined): Slice<DataOf<K>> {
  return useAppState(
    (s) => ((key === undefined ? undefined : s.slices[key]) ?? emptySlice) as Slice<DataOf<K>>,
  );
}

/** The data of a slice alone, so a refresh that changes only `updatedAt` re-renders nothing. */
export function useData<K extends ResourceKey>(key: K): DataOf<K> | undefined {
  return useAppState((s) => s.slices[key]?.data as DataOf<K> | undefined);
}

/** A clock that ticks every `ms` (the header's "updated 3s ago"). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
