/**
 * The simulator's HTTP server: a real server on 127.0.0.1 that speaks like the service: `/v1` prefix, `api_key`
 * auth, RBAC refusals for the read-only key, the `{status, message, error_reason}` error shape, the 500/minute rate
 * limit, and injectable faults. Resource behaviour lives in the routes (routes/*.ts) and the world (world.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type AnswerContext, answer } from './answer.js';
import { DEMO_KEYS } from './api-keys.js';
import type { Clock } from './clock.js';
import { errorBody, messageOnly } from './error-body.js';
import { type FaultConfig, FaultController, faultErrorBody, truncateJson } from './faults.js';
import { LazyRouteTable, RouteTable } from './match.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, FixedWindowRateLimiter } from './ratelimit.js';
import type { RouteDef } from './route.js';
import type { World, WorldOptions } from './world.js';

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seeds the world and the faults (default 1). */
  seed?: number;
  /** Size of the demo organisation (a WorldOptions). */
  vmCount?: number;
  /** The sold-out model comes back into stock after this many ms (a WorldOptions). */
  restockMs?: number;
  /** Time source of the world and the rate limiter; tests inject a ManualClock. */
  clock?: Clock;
  timings?: WorldOptions['timings'];
  /** Resizing VMs is on by default; false answers POST …/resize with 405 "This feature is currently disabled". */
  resizeEnabled?: boolean;
  faults?: FaultConfig;
  /** Requests per minute per client IP (default 500); 0 or Infinity disables the limit. */
  rateLimitPerMinute?: number;
  /** Largest accepted request body in bytes (default 1 MiB); larger → 413. */
  maxBodyBytes?: number;
  /** The resource routes (default: routes/index.ts). */
  routes?: RouteDef[];
  /**
   * Loads each group of routes (routes/groups.ts) when a request first needs it, instead of all at start: the
   * demo's start then compiles the routes its first screen asks for, not the others.
   */
  lazyRoutes?: boolean;
  /**
   * Seeds what the VMs screen's first answers read, the rest when a request first needs it or preloadRoutes runs
   * (create-world-lazily.ts): the demo's start seeds only what its first screen shows.
   */
  lazySeed?: boolean;
  /** The state behind the routes (default: the demo organisation, create-world-lazily.ts, of these options). */
  world?: World;
  /** How the latency fault waits (default: a real setTimeout); tests may inject an instant one. */
  delay?: (ms: number) => Promise<void>;
}

export interface Simulator {
  /** Base URL ending in /v1, e.g. `http://127.0.0.1:43121/v1`. */
  url: string;
  port: number;
  keys: typeof DEMO_KEYS;
  world: World;
  faults: FaultController;
  /** Requests received so far (every one, refused and faulted ones included). */
  requestCount(): number;
  /**
   * Loads the routes not loaded yet (with `lazyRoutes`) and seeds the rest of the world (with `lazySeed`): the demo,
   * once its first frame is out.
   */
  preloadRoutes(): Promise<void>;
  /** Stops listening and destroys every connection, held-open ones included. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...headers,
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): void {
  sendText(res, status, 'application/json', JSON.stringify(body), headers);
}

type BodyRead = { kind: 'ok'; raw: Buffer } | { kind: 'too-large' } | { kind: 'gone' };

/** Reads the whole body; past `limit` it keeps draining (so the 413 can be read) up to 16× the limit, then gives up. */
function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit * 16) {
        req.destroy();
        finish({ kind: 'gone' });
      } else if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      finish(size > limit ? { kind: 'too-large' } : { kind: 'ok', raw: Buffer.concat(chunks) }),
    );
    req.on('error', () => finish({ kind: 'gone' }));
    req.on('close', () => finish({ kind: 'gone' }));
  });
}

/** The host part of the printed URL: a wildcard address is reached through loopback. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Every route of the service, each group loaded when a request first needs it (routes/groups.ts). */
async function lazyRoutes(): Promise<LazyRouteTable> {
  const { ROUTE_GROUPS, advancing } = await import('./routes/groups.js');
  return new LazyRouteTable(ROUTE_GROUPS, advancing);
}

/** What the request handler reads and counts: the server's parts, and whether it was closed. */
interface ServerContext extends AnswerContext {
  limiter: FixedWindowRateLimiter;
  faults: FaultController;
  delay: (ms: number) => Promise<void>;
  requests: number;
  closed: boolean;
}

/** One request: the rate limit, the injected faults, then the answer (answer.ts), sent whole or broken as asked. */
async function handle(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  ctx.requests++;
  const body = await readBody(req, ctx.maxBody);
  if (body.kind === 'gone' || ctx.closed) return;

  const url = new URL(req.url ?? '/', 'http://sim.invalid');
  const fullPath = url.pathname;
  const inV1 = fullPath === '/v1' || fullPath.startsWith('/v1/');
  let path = inV1 ? fullPath.slice(3) || '/' : fullPath;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const method = req.method ?? 'GET';

  const { limiter } = ctx;
  const rate = limiter.hit(req.socket.remoteAddress ?? 'unknown');
  if (!rate.allowed) {
    // the documented error vocabulary has no 429: the limiter in front of the service sends a message only
    sendJson(
      res,
      429,
      messageOnly(
        `Too many requests: at most ${limiter.limit} requests per minute. Retry after ${rate.retryAfterSeconds} s.`,
      ),
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
    return;
  }

  const fault = ctx.faults.decide(path);
  if (fault.latencyMs > 0) {
    await ctx.delay(fault.latencyMs);
    if (ctx.closed || res.destroyed) return;
  }
  const outcome = fault.outcome;
  switch (outcome.kind) {
    case 'timeout':
      return; // hold: no answer until the client gives up or close() destroys the socket
    case 'reset':
      if (outcome.when === 'before') {
        req.socket.destroy();
        return;
      }
      break;
    case 'burst429':
      sendJson(res, 429, messageOnly('Too many requests, slow down and retry later.'), {
        'retry-after': String(outcome.retryAfterSeconds),
      });
      return;
    case 'error5xx': {
      const page = faultErrorBody(outcome.status, outcome.legacy);
      sendText(
        res,
        outcome.status,
        page.contentType,
        page.text,
        outcome.status === 503 ? { 'retry-after': '1' } : {},
      );
      return;
    }
    default:
      break;
  }

  const reply = await answer(ctx, { req, method, inV1, path, url, body });
  let payload: string;
  try {
    payload = JSON.stringify(reply.body) ?? 'null';
  } catch {
    sendJson(res, 500, errorBody('Internal server error', 'server_error'));
    return;
  }
  if (outcome.kind === 'malformed') {
    sendText(res, 200, 'application/json', truncateJson(payload));
    return;
  }
  if (outcome.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  if (outcome.kind === 'reset') {
    // The headers promise the full body; half of it goes out, then the connection dies.
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
    });
    res.write(payload.slice(0, Math.floor(payload.length / 2)), () => req.socket.destroy());
    return;
  }
  sendText(res, reply.status, 'application/json', payload, reply.headers);
}

/** The world of `opts` (a test's), or a new one seeded and timed as asked. */
async function worldOf(opts: SimulatorOptions, seed: number): Promise<World> {
  if (opts.world) return opts.world;
  const { createWorldLazily } = await import('./create-world-lazily.js');
  const worldOpts: WorldOptions = { seed };
  if (opts.clock) worldOpts.clock = opts.clock;
  if (opts.vmCount !== undefined) worldOpts.vmCount = opts.vmCount;
  if (opts.restockMs !== undefined) worldOpts.restockMs = opts.restockMs;
  if (opts.timings) worldOpts.timings = opts.timings;
  if (opts.resizeEnabled !== undefined) worldOpts.resizeEnabled = opts.resizeEnabled;
  const world = createWorldLazily(worldOpts);
  // the same world as createWorld's, seeded whole now but for the demo's (lazySeed)
  if (!opts.lazySeed) await world.seeded();
  return world;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const seed = opts.seed ?? 1;
  const world = await worldOf(opts, seed);
  const table =
    opts.lazyRoutes && !opts.routes
      ? await lazyRoutes()
      : new RouteTable(opts.routes ?? (await import('./routes/index.js')).routes);
  const clock: Clock = opts.clock ?? world.clock;
  const timers = new Set<NodeJS.Timeout>();
  const pendingDelays = new Set<() => void>();
  const sockets = new Set<Socket>();
  const realDelay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        pendingDelays.delete(resolve);
        resolve();
      }, ms);
      timers.add(t);
      pendingDelays.add(resolve);
    });
  const ctx: ServerContext = {
    table,
    world,
    maxBody: opts.maxBodyBytes ?? DEFAULT_MAX_BODY,
    limiter: new FixedWindowRateLimiter(opts.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, clock),
    faults: new FaultController(seed, opts.faults),
    delay: opts.delay ?? realDelay,
    requests: 0,
    closed: false,
  };

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    handle(ctx, req, res).catch(() => {
      // A bug in the server itself: answer if still possible, never crash.
      try {
        if (!res.headersSent) sendJson(res, 500, errorBody('Internal server error', 'server_error'));
        else res.destroy();
      } catch {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host ?? '127.0.0.1';

  return {
    url: `http://${hostForUrl(host)}:${port}/v1`,
    port,
    keys: DEMO_KEYS,
    world,
    faults: ctx.faults,
    requestCount: () => ctx.requests,
    preloadRoutes: async () => {
      if ('loadAll' in table) await table.loadAll();
      await world.seeded();
    },
    close: () => {
      if (ctx.closed) return Promise.resolve();
      ctx.closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const wake of pendingDelays) wake();
      pendingDelays.clear();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      return done;
    },
  };
}
