import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Region } from '../../domain/region.js';
import type { ScreenName } from '../../domain/registered.js';
import type { StockWatch } from '../../domain/stock-watch.js';
import { DEFAULT_WASTE, type WasteSettings } from '../../domain/waste-settings.js';
import type { SliceState } from '../engine/poller.js';
import type { ActionLogState } from './action-log.js';
import type { FormSpec } from './form-spec.js';
import type { PendingMark } from './pending.js';
import { knownRegions, nextRegion, regionsFallbackNote } from './regions.js';
import { NO_HEALTH, type TransportState } from './transport-health.js';
import type { Modal, StatusMessage, Tone, UiState } from './ui-state.js';
import type { WasteState } from './waste-state.js';

/**
 * Everything the screens read: resource slices (filled by the poller), the UI's own state, the transport's
 * health and the action log (both fed by the transport).
 */
export interface AppState extends SliceState, UiState, TransportState, ActionLogState, WasteState {
  readOnly: boolean;
  /** Where read-only comes from ("--read-only", "profile prod"): said when a change is refused. */
  readOnlyBy: string | undefined;
  /**
   * Actions sent but not yet visible in the data, by resource key and id: the list shows "stopping…" at once
   * instead of the stale status until the next refresh catches up.
   */
  pending: Record<string, PendingMark>;
  /** The ids of the rows on screen, by list key: the poller reads these alone between full loads of a big list. */
  visibleIds: Readonly<Record<string, readonly number[]>>;
}

export type AppStore = StoreApi<AppState>;
export type { PendingMark };

export interface AppStoreInit {
  screen: ScreenName;
  readOnly: boolean;
  readOnlyBy?: string | undefined;
  region?: Region;
  /** The profile's stock watches, as saved. */
  watches?: readonly StockWatch[];
  /** When a VM counts as idle and a snapshot as old (default DEFAULT_WASTE). */
  waste?: WasteSettings | undefined;
  /** Requests a minute the waste scans may spend (default 0: none). */
  scanPerMinute?: number | undefined;
}

export function createAppStore(init: AppStoreInit): AppStore {
  return createStore<AppState>(() => ({
    slices: {},
    screen: init.screen,
    overlay: null,
    modal: null,
    status: null,
    region: init.region ?? 'ALL',
    health: NO_HEALTH,
    inFlight: {},
    readOnly: init.readOnly,
    readOnlyBy: init.readOnly ? (init.readOnlyBy ?? '--read-only') : undefined,
    pending: {},
    actionLog: [],
    watches: init.watches ?? [],
    stockAlert: null,
    visibleIds: {},
    facts: {},
    wasteSettings: init.waste ?? DEFAULT_WASTE,
    scanPerMinute: init.scanPerMinute ?? 0,
    idleShare: undefined,
  }));
}

/** The one wording of a refusal in read-only mode, saying where read-only comes from. */
export function readOnlyRefusal(s: Pick<AppState, 'readOnlyBy'>, what: string): string {
  return `read-only (${s.readOnlyBy ?? '--read-only'}): "${what}" is not allowed`;
}

/** The UI's own state changes, named, so screens never spread state by hand. */
export const ui = {
  setScreen: (s: AppStore, screen: ScreenName) => s.setState({ screen, overlay: null }),
  openOverlay: (s: AppStore, overlay: UiState['overlay']) => s.setState({ overlay }),
  openModal: (s: AppStore, modal: Modal) => s.setState({ modal }),
  closeModal: (s: AppStore) => s.setState({ modal: null }),
  openForm: (s: AppStore, spec: FormSpec) => s.setState({ modal: { kind: 'form', spec } }),
  say: (s: AppStore, text: string, tone: Tone = 'info') =>
    s.setState({ status: { text, tone, at: Date.now() } satisfies StatusMessage }),
  /** The rows a list's table shows now (only a change of window touches the store). */
  setVisibleIds: (s: AppStore, key: string, ids: readonly number[]) => {
    const was = s.getState().visibleIds[key] ?? [];
    if (was.length === ids.length && was.every((id, i) => id === ids[i])) return;
    s.setState({ visibleIds: { ...s.getState().visibleIds, [key]: ids } });
  },
  nextRegion: (s: AppStore) => {
    s.setState({ region: nextRegion(s.getState().region, knownRegions(s.getState())) });
    // a fallback list is said, not silent
    const note = regionsFallbackNote(s.getState());
    if (note) s.setState({ status: { text: `Region list: ${note}`, tone: 'warn', at: Date.now() } });
  },
  markPending: (s: AppStore, key: string, label: string, from: string | undefined, unknown = false) =>
    s.setState((st) => ({
      pending: { ...st.pending, [key]: { label, from, at: Date.now(), ...(unknown ? { unknown } : {}) } },
    })),
  clearPending: (s: AppStore, key: string) =>
    s.setState((st) => {
      if (!(key in st.pending)) return st;
      const { [key]: _, ...rest } = st.pending;
      return { pending: rest };
    }),
};
