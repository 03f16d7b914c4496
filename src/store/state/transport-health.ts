/**
 * What the transport says of the service, for the header: the API's health (last success, last error, latency)
 * and the requests it is waiting for. Fed by the transport's reports (src/app/deps.ts), not by the UI.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ExchangeReport, FlightEvent } from '../../api/transport.js';
import { latencyMoved, smoothLatency } from './latency.js';

/** Result of the client's last exchanges, for the header's API health. */
export interface Health {
  lastOkAt: number | undefined;
  lastError: string | undefined;
  lastErrorAt: number | undefined;
  /** Round-trip of successful requests (a running average), updated only when it moves noticeably. */
  latencyMs: number | undefined;
}

/** Health before the first exchange. */
export const NO_HEALTH: Health = {
  lastOkAt: undefined,
  lastError: undefined,
  lastErrorAt: undefined,
  latencyMs: undefined,
};

/** A request the client is waiting for (the transport's FlightEvents): what, since when, which try of how many. */
export interface InFlight {
  method: string;
  path: string;
  /** When the request started (its first try), ms epoch. */
  since: number;
  attempt: number;
  tries: number;
}

export interface TransportState {
  health: Health;
  /** Requests in flight by transport id; the header says what has been waited for too long. */
  inFlight: Readonly<Record<number, InFlight>>;
}

type Store = StoreApi<TransportState>;

/**
 * The running average behind health.latencyMs. Not state: it changes on every exchange, and nothing draws it
 * until it has moved far enough to be worth a redraw.
 */
const latencyAverage = new WeakMap<Store, number>();

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

export const transportHealth = {
  /**
   * Health from the transport's exchanges. A success while already healthy changes nothing unless the latency
   * moved noticeably, so idle refreshes at a steady latency do not redraw the header (over SSH every byte counts).
   */
  recordExchange: (s: Store, e: Pick<ExchangeReport, 'ms'> & { error?: ExchangeError }) => {
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
  recordFlight: (s: Store, e: FlightEvent) =>
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
};
