/**
 * What the app knows of the money spent on nothing: the facts learnt of each VM (since when it is stopped, whether
 * it idles: src/store/actions/vm-scan.ts), the settings they are judged by, what the scans may spend, and the
 * total the header shows (src/app/waste-watch.ts keeps it).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { VmFact } from '../../domain/waste.js';
import type { WasteSettings } from '../../domain/waste-settings.js';

export interface WasteState {
  /** What was learnt of each VM, by id. */
  facts: Readonly<Record<number, VmFact>>;
  /** When a VM counts as idle and a snapshot as old (the config's `waste` section). */
  wasteSettings: WasteSettings;
  /** Requests a minute the scans may spend (0: none); a twentieth of the request budget by default. */
  scanPerMinute: number;
  /** What costs money doing nothing now, account-wide (the header's idle share); undefined until known. */
  idleShare: { perHour: number; count: number } | undefined;
}

export const wasteState = {
  setFact: (s: StoreApi<WasteState>, id: number, fact: VmFact) =>
    s.setState((st) => ({ facts: { ...st.facts, [id]: fact } })),
  setIdleShare: (s: StoreApi<WasteState>, share: WasteState['idleShare']) => {
    const was = s.getState().idleShare;
    if (was?.perHour !== share?.perHour || was?.count !== share?.count) s.setState({ idleShare: share });
  },
};
