import { findScreen } from '../../screens/registry.js';
import { RequestBudget, sleep } from '../api/budget.js';
import { createApi } from '../api/client.js';
import type { RetryOptions } from '../api/retry.js';
import { createTransport, type HttpTransport, type TransportOptions } from '../api/transport.js';
import type { Region } from '../domain/region.js';
import type { ActionDeps } from '../store/actions.js';
import { createAppStore, ui } from '../store/app-store.js';
import type { Clipboard } from '../store/clipboard.js';
import { Poller } from '../store/poller.js';
import { targetFor } from '../store/resources.js';

export interface AppDepsOptions {
  baseUrl: string;
  apiKey: string;
  /** The first screen, by its name in the screen registry. */
  screen: string;
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
  /** Where copies go (default: the terminal this process runs in). */
  clipboard?: Clipboard;
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
  });
  // Bytes received from the service: what a big list's full load costs (the poller times its next one by it).
  let received = 0;
  const transport = createTransport({
    baseUrl: o.baseUrl,
    apiKey: o.apiKey,
    budget: new RequestBudget({ perMinute: o.requestsPerMinute }),
    retry: o.retry,
    ...o.limits,
    onExchange: (e) => {
      received += e.bytes;
      o.onExchange?.(e);
      ui.recordExchange(store, e);
    },
    onFlight: (e) => ui.recordFlight(store, e),
  });
  const api = createApi(transport);
  const poller = new Poller(store, (key) => targetFor(api, key, store), {
    intervalMs: o.refreshMs,
    // single reads of a big list's rows: at most half the request budget (120 a minute by default)
    readsPerMinute: Math.floor((o.requestsPerMinute ?? 120) / 2),
    bytesReceived: () => received,
    ...(o.fastMs !== undefined ? { fastMs: o.fastMs } : {}),
  });
  return { deps: { api, store, poller, ...(o.clipboard ? { clipboard: o.clipboard } : {}) }, transport };
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
