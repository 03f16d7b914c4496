import { findScreen } from '../../screens/registry.js';
import { RequestBudget, sleep } from '../api/budget.js';
import { createApi } from '../api/client.js';
import type { Preconnection } from '../api/preconnect.js';
import type { RetryOptions } from '../api/retry.js';
import { createTransport, type HttpTransport, type TransportOptions } from '../api/transport.js';
import type { Region } from '../domain/region.js';
import type { ScreenName } from '../domain/registered.js';
import type { StockWatch } from '../domain/stock-watch.js';
import type { WasteSettings } from '../domain/waste-settings.js';
import type { Clipboard } from '../store/actions/clipboard.js';
import type { ActionDeps } from '../store/actions/mutate.js';
import type { Notifier } from '../store/actions/notifier.js';
import { type ActionLogEntry, logAction, logEntryOf } from '../store/state/action-log.js';
import { createAppStore } from '../store/state/app-store.js';
import { resourcePoller } from '../store/state/resources.js';
import { transportHealth } from '../store/state/transport-health.js';

export interface AppDepsOptions {
  baseUrl: string;
  apiKey: string;
  /** The first screen, by its name in the screen registry. */
  screen: ScreenName;
  readOnly: boolean;
  /** Where read-only comes from ("--read-only", "profile prod"). */
  readOnlyBy?: string | undefined;
  region?: Region;
  refreshMs: number;
  /** Interval while something visible is transitioning (default 2 s). */
  fastMs?: number;
  requestsPerMinute?: number;
  retry?: RetryOptions;
  onExchange?: TransportOptions['onExchange'];
  /** The profile the action log names (default "default"). */
  profile?: string;
  /** Each change asked of the service, as it is logged (the --log file). */
  onAction?: (e: ActionLogEntry) => void;
  /** Where copies go (default: the terminal this process runs in). */
  clipboard?: Clipboard;
  /** Where the bell and desktop notifications go (default: the terminal this process runs in). */
  notifier?: Notifier;
  /** The profile's stock watches, as saved. */
  watches?: readonly StockWatch[];
  /** When a VM counts as idle and a snapshot as old (the config's `waste` section). */
  waste?: WasteSettings | undefined;
  /** Requests a minute the waste scans may spend (default: a twentieth of the budget; 0: none, as in tests). */
  scanPerMinute?: number;
  /** The connection to the service opened while the app loaded (src/api/preconnect.ts). */
  preconnection?: Preconnection;
  /** For tests: shorter timeouts and a smaller body limit than the defaults. */
  limits?: Pick<TransportOptions, 'headersTimeoutMs' | 'bodyTimeoutMs' | 'deadlineMs' | 'maxBodyBytes'>;
}

export interface AppDeps {
  deps: ActionDeps;
  transport: HttpTransport;
}

/** The app's one wiring: transport → api → store ← poller. Used by the CLI and by the UI tests alike. */
export function createAppDeps(o: AppDepsOptions): AppDeps {
  const store = createAppStore({
    screen: o.screen,
    readOnly: o.readOnly,
    readOnlyBy: o.readOnlyBy,
    region: o.region,
    watches: o.watches,
    waste: o.waste,
    scanPerMinute: o.scanPerMinute ?? Math.max(1, Math.floor((o.requestsPerMinute ?? 120) / 20)),
  });
  // Bytes received from the service: what a big list's full load costs (the poller times its next one by it).
  let received = 0;
  const transport = createTransport({
    baseUrl: o.baseUrl,
    apiKey: o.apiKey,
    budget: new RequestBudget({ perMinute: o.requestsPerMinute }),
    retry: o.retry,
    ...(o.preconnection ? { preconnection: o.preconnection } : {}),
    ...o.limits,
    onExchange: (e) => {
      received += e.bytes;
      o.onExchange?.(e);
      transportHealth.recordExchange(store, e);
      const logged = logEntryOf(e, o.profile ?? 'default');
      if (logged) {
        logAction(store, logged);
        o.onAction?.(logged);
      }
    },
    onFlight: (e) => transportHealth.recordFlight(store, e),
  });
  const api = createApi(transport);
  const poller = resourcePoller(api, store, {
    intervalMs: o.refreshMs,
    // single reads of a big list's rows: at most half the request budget (120 a minute by default)
    readsPerMinute: Math.floor((o.requestsPerMinute ?? 120) / 2),
    bytesReceived: () => received,
    ...(o.fastMs !== undefined ? { fastMs: o.fastMs } : {}),
  });
  return {
    deps: {
      api,
      store,
      poller,
      ...(o.clipboard ? { clipboard: o.clipboard } : {}),
      ...(o.notifier ? { notifier: o.notifier } : {}),
    },
    transport,
  };
}

/**
 * Asks for the first screen's data and waits for it, at most `maxWaitMs`: the first frame then shows data
 * instead of "loading…" followed by a second full frame (the screen's own watch joins these requests).
 */
export async function prefetchFirstScreen(deps: ActionDeps, maxWaitMs: number): Promise<void> {
  const keys = findScreen(deps.store.getState().screen)?.first ?? [];
  deps.poller.watch(keys);
  await Promise.race([Promise.all(keys.map((k) => deps.poller.refresh(k))), sleep(maxWaitMs)]);
}
