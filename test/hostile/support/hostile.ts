/**
 * The hostile tier's server and client: a node:http server on 127.0.0.1 whose handler gets the raw request and
 * response (and so the socket), and the real transport against it with short limits passed as options, recording
 * every exchange report and in-flight event.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { z } from 'zod';
import { RequestBudget } from '../../../src/api/budget.js';
import {
  createTransport,
  type ExchangeReport,
  type FlightEvent,
  type HttpTransport,
  type TransportOptions,
} from '../../../src/api/transport.js';
import { type AppDepsOptions, createAppDeps } from '../../../src/app/deps.js';
import { listenLocal } from '../../support/listen-local.js';

/** Awaits a promise that must reject with an ApiError, and returns it. */
export { apiError as failure } from '../../support/api-error.js';

export const KEY = 'hostile-test-key-0123456789';
export const Env = z.looseObject({ status: z.literal(true), n: z.number().optional() });

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A server that runs `handler` once each request's body has arrived; `n` counts requests from 1. */
export async function hostileServer(handler: Handler) {
  const requests: Array<{ method: string; url: string }> = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const n = requests.length;
    req.resume();
    req.on('end', () => handler(req, res, n));
  });
  const listening = await listenLocal(server, '/v1');
  const srv = { ...listening, requests };
  cleanups.push(srv.close);
  return srv;
}

/** The app's parts (store, poller, transport) against `url`, on the VMs screen, as the app builds them. */
export function appDepsOn(url: string, extra: Partial<AppDepsOptions> = {}) {
  return createAppDeps({
    baseUrl: url,
    apiKey: KEY,
    screen: 'vms',
    readOnly: false,
    refreshMs: 60_000,
    ...extra,
  });
}

/** The real transport against `url`, with near-instant retries; records what it reports. */
export function client(url: string, extra: Partial<TransportOptions> = {}) {
  const exchanges: ExchangeReport[] = [];
  const flights: FlightEvent[] = [];
  const t: HttpTransport = createTransport({
    baseUrl: url,
    apiKey: KEY,
    budget: new RequestBudget({ perMinute: 100_000 }),
    headersTimeoutMs: 5_000,
    bodyTimeoutMs: 5_000,
    retry: { baseDelayMs: 1, maxDelayMs: 5, random: () => 0 },
    onExchange: (e) => exchanges.push(e),
    onFlight: (e) => flights.push(e),
    ...extra,
  });
  cleanups.push(() => t.close());
  return { t, exchanges, flights };
}

/** Writes `chunk` as fast as the client takes it (backpressure respected) until the connection goes. */
export function floodForever(res: ServerResponse, chunk: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.write('{"status": true, "pad": "');
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) {
      // keep writing while the socket takes it
    }
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/** Writes a small chunk every `everyMs` forever: never silent long enough for a body timeout. */
export function trickleForever(res: ServerResponse, everyMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"status": true, "pad": "');
  const timer = setInterval(() => res.write('x'.repeat(256)), everyMs);
  res.on('close', () => clearInterval(timer));
}
