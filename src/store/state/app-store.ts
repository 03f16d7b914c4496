import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExchangeReport, FlightEvent } from '../../api/transport.js';
import type { Region } from '../../domain/region.js';
import type { StockWatch } from '../../domain/stock-watch.js';
import type { SliceState } from '../engine/poller.js';
import { ACTION_LOG_MAX, type ActionLogEntry } from './action-log.js';
import type { FormSpec } from './form-spec.js';
import { latencyMoved, smoothLatency } from './latency.js';
import type { PendingMark } from './pending.js';
import { knownRegions, nextRegion, regionsFallbackNote } from './regions.js';
import { type Modal, NO_HEALTH, type StatusMessage, type Tone, type UiState } from './ui-state.js';

/** Everything the screens read: resource slices (filled by the poller) and the UI's own state. */
export interface AppState extends SliceState, UiState {
  readOnly: boolean;
  /** Where read-only comes from ("--read-only", "profile prod"): said when a change is refused. */
  readOnlyBy: string | undefined;
  /**
   * Actions sent but not yet visible in the data, by resource key and id: the list shows "stopping…" at once
   * instead of the stale status until the next refresh catches up.
   */
  pending: Record<string, PendingMark>;
  /** Every change asked of the service, oldest first (the last ACTION_LOG_MAX): the `:log` screen. */
  actionLog: readonly ActionLogEntry[];
  /** The ids of the rows on screen, by list key: the poller reads these alone between full loads of a big list. */
  visibleIds: Readonly<Record<string, readonly number[]>>;
}

export type AppStore = StoreApi<AppState>;
export type { PendingMark };

export interface AppStoreInit {
  screen: string;
  readOnly: boolean;
  readOnlyBy?: string | undefined;
  region?: Region;
  /** The profile's stock watches, as saved. */
  watches?: readonly StockWatch[];
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
  }));
}

/**
 * The running average behind health.latencyMs. Not state: it changes on every exchange, and nothing draws it
 * until it has moved far enough to be worth a redraw.
 */
const latencyAverage = new WeakMap<AppStore, number>();

/** The one wording of a refusal in read-only mode, saying where read-only comes from. */
export function readOnlyRefusal(s: Pick<AppState, 'readOnlyBy'>, what: string): string {
  return `read-only (${s.readOnlyBy ?? '--read-only'}): "${what}" is not allowed`;
}

/** An exchange's error as health reads it (an ApiError, or anything with a message). */
interface ExchangeError {
  message: string;
  kind?: string;
  status?: number | undefined;
}

/**
 * The service answered and refused this one request (a form's fields, a state, a permission, a missing
 * resource): the caller shows it (the form, the status line, the screen), and the service itself is fine. A
 * rejected key (401) and rate limiting (429) concern every request: they are the API's health.
 */
function answeredRefusal(e: ExchangeError): boolean {
  if (e.kind === 'envelope') return true;
  const st = e.status;
  return e.kind === 'http' && st !== undefined && st >= 400 && st < 500 && st !== 401 && st !== 429;
}

/** Small, named state changes, so screens never spread state by hand. */
export const ui = {
  setScreen: (s: AppStore, screen: string) => s.setState({ screen, overlay: null }),
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
  /**
   * Health from the transport's exchanges. A success while already healthy changes nothing unless the latency
   * moved noticeably, so idle refreshes at a steady latency do not redraw the header (over SSH every byte counts).
   */
  logAction: (s: AppStore, e: ActionLogEntry) => {
    const log = s.getState().actionLog;
    s.setState({ actionLog: [...(log.length >= ACTION_LOG_MAX ? log.slice(1) : log), e] });
  },
  recordExchange: (s: AppStore, e: Pick<ExchangeReport, 'ms'> & { error?: ExchangeError }) => {
    const h = s.getState().health;
    const now = Date.now();
    if (e.error && !answeredRefusal(e.error)) {
      s.setState({ health: { ...h, lastError: e.error.message, lastErrorAt: now } });
      return;
    }
    const avg = smoothLatency(latencyAverage.get(s), e.ms);
    latencyAverage.set(s, avg);
    const failing = h.lastErrorAt !== undefined && (h.lastOkAt === undefined || h.lastErrorAt >= h.lastOkAt);
    if (h.lastOkAt === undefined || failing) s.setState({ health: { ...h, lastOkAt: now, latencyMs: avg } });
    else if (latencyMoved(h.latencyMs, avg)) s.setState({ health: { ...h, latencyMs: avg } });
  },
  /** What the transport is waiting for. A request that ends before anyone sees it wait redraws nothing. */
  recordFlight: (s: AppStore, e: FlightEvent) =>
    s.setState((st) => {
      if (e.type === 'start') {
        const f = { method: e.method, path: e.path, since: e.at, attempt: 1, tries: e.tries };
        return { inFlight: { ...st.inFlight, [e.id]: f } };
      }
      const cur = st.inFlight[e.id];
      if (!cur) return st;
      if (e.type === 'retry') return { inFlight: { ...st.inFlight, [e.id]: { ...cur, attempt: e.attempt } } };
      const { [e.id]: _, ...rest } = st.inFlight;
      return { inFlight: rest };
    }),
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
