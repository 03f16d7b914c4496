/** The palette's lines: the screens, the service's regions (watched whatever the screen) and the config's profiles. */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { ActionDeps } from '../store/actions/mutate.js';
import { knownRegions, regionsFallbackNote } from '../store/state/regions.js';
import { type PaletteEntry, paletteEntries } from './commands.js';

export function usePaletteEntries(deps: ActionDeps, profiles: readonly string[] | undefined): PaletteEntry[] {
  const { store, poller } = deps;
  // The service's regions, for the region filter and the palette, whatever the screen (rarely reloaded).
  useEffect(() => {
    const owner = {};
    poller.watchFor(owner, ['regions']);
    return () => poller.release(owner);
  }, [poller]);
  const regions = useStore(store, (s) => knownRegions(s).join('\n'));
  const regionsFallback = useStore(store, (s) => regionsFallbackNote(s) !== undefined);
  return useMemo(
    () => paletteEntries(regions ? regions.split('\n') : [], profiles, regionsFallback),
    [regions, profiles, regionsFallback],
  );
}
