import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ScreenName } from '../config/args.js';
import type { Region } from '../config/config.js';
import type { FormSpec } from '../ui/form/types.js';
import type { SliceState } from './poller.js';
import type { Health, Modal, StatusMessage, Tone, UiState } from './ui-state.js';

/** An action sent but not yet visible in the data ("stopping…" at once instead of the stale status). */
export interface PendingMark {
  label: string;
  /** The status the resource had when the action was sent: the mark ends when the data shows another. */
  from: string | undefined;
  at: number;
  /** The answer was lost (the action may or may not have been done): repeating it waits until the state is known. */
  unknown?: boolean;
}

/** Everything the screens read: resource slices (filled by the poller) and the UI's own state. */
export interface AppState extends SliceState, UiState {
  readOnly: boolean;
  /**
   * Actions sent but not yet visible in the data, by resource key and id: the list shows "stopping…" at once
   * instead of the stale status until the next refresh catches up.
   */
  pending: Record<string, PendingMark>;
}

export type AppStore = StoreApi<AppState>;

export interface AppStoreInit {
  screen: ScreenName;
  readOnly: boolean;
  region?: Region;
}

export function createAppStore(init: AppStoreInit): AppStore {
  const health: Health = {
    lastOkAt: undefined,
    lastError: undefined,
    lastErrorAt: undefined,
    latencyMs: undefined,
  };
  return createStore<AppState>(() => ({
    slices: {},
    screen: init.screen,
    overlay: null,
    modal: null,
    status: null,
    region: init.region ?? 'ALL',
    health,
    readOnly: init.readOnly,
    pending: {},
  }));
}

/** Small, named state changes, so screens never spread state by hand. */
export const ui = {
  setScreen: (s: AppStore, screen: ScreenName) => s.setState({ screen, overlay: null }),
  openOverlay: (s: AppStore, overlay: UiState['overlay']) => s.setState({ overlay }),
  openModal: (s: AppStore, modal: Modal) => s.setState({ modal }),
  closeModal: (s: AppStore) => s.setState({ modal: null }),
  openForm: (s: AppStore, spec: FormSpec) => s.setState({ modal: { kind: 'form', spec } }),
  say: (s: AppStore, text: string, tone: Tone = 'info') =>
    s.setState({ status: { text, tone, at: Date.now() } satisfies StatusMessage }),
  nextRegion: (s: AppStore) => {
    const order: Array<UiState['region']> = ['ALL', 'NORWAY-1', 'CANADA-1'];
    const i = order.indexOf(s.getState().region);
    s.setState({ region: order[(i + 1) % order.length] ?? 'ALL' });
  },
  /**
   * Health from the transport's exchanges. A success while already healthy changes nothing, so idle refreshes
   * do not redraw the header (over SSH every byte counts).
   */
  recordExchange: (s: AppStore, e: { ms: number; error?: { message: string } }) => {
    const h = s.getState().health;
    const now = Date.now();
    if (e.error) {
      s.setState({ health: { ...h, lastError: e.error.message, lastErrorAt: now } });
      return;
    }
    const failing = h.lastErrorAt !== undefined && (h.lastOkAt === undefined || h.lastErrorAt >= h.lastOkAt);
    if (h.lastOkAt === undefined || failing) s.setState({ health: { ...h, lastOkAt: now, latencyMs: e.ms } });
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
