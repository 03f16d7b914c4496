/**
 * The simulator's answer to a request that passed the network-level faults (server.ts): auth, routing, RBAC,
 * the body, then the route's handler, each refusal in the service's words.
 */
import type { IncomingMessage } from 'node:http';
import { roleForKey } from './api-keys.js';
import { errorBody, messageOnly, simErrorBody } from './error-body.js';
import { type LazyRouteTable, permissionFor, type RouteTable } from './match.js';
import { SimError } from './route.js';
import { apiKeyOwner } from './world/user-api-keys.js';
import type { World } from './world.js';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The request as the server read it: where it goes, and its body (or that it was too large). */
export interface ReadRequest {
  req: IncomingMessage;
  method: string;
  /** Under the `/v1` prefix (no route lives anywhere else). */
  inV1: boolean;
  /** The path below /v1, without a trailing slash. */
  path: string;
  url: URL;
  body: { kind: 'ok'; raw: Buffer } | { kind: 'too-large' };
}

export interface AnswerContext {
  table: RouteTable | LazyRouteTable;
  world: World;
  maxBody: number;
}

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** Everything after the network-level faults: auth, routing, RBAC, body, the handler. */
export async function answer(ctx: AnswerContext, r: ReadRequest): Promise<Answer> {
  const { req, method, inV1, path, url, body } = r;
  const keyHeader = req.headers.api_key;
  const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
  if (key === undefined || key.trim() === '') {
    return {
      status: 401,
      body: errorBody('Missing API key: send it in the api_key header.', 'unauthorized'),
    };
  }
  const demoRole = roleForKey(key.trim());
  // the generated keys are seeded with the rest of a lazily seeded world (world.ts, deferSeed)
  if (!demoRole) await ctx.world.seeded();
  // a key generated through the API (POST /api-key/generate) is its user's: the admin's, until it is deleted
  const role = demoRole ?? (apiKeyOwner(ctx.world, key.trim()) ? 'admin' : undefined);
  if (!role) {
    return {
      status: 401,
      body: errorBody('Invalid API key: the key is unknown or was revoked.', 'unauthorized'),
    };
  }

  const match = inV1 ? await ctx.table.match(method, path) : ({ kind: 'not-found' } as const);
  if (match.kind === 'not-found') {
    return {
      status: 404,
      body: errorBody(`Not found: no such endpoint ${method} ${url.pathname}`, 'not_found'),
    };
  }
  if (match.kind === 'method-not-allowed') {
    // the web framework's own answer, before the service's code runs: a message only
    const allowed = match.allowed.join(', ');
    return {
      status: 405,
      body: messageOnly('The method is not allowed for the requested URL.'),
      headers: { allow: allowed },
    };
  }
  const { route, params } = match;
  if (route.mutation && role === 'readonly') {
    const permission = permissionFor(route);
    return {
      status: 403,
      body: errorBody(
        `Permission denied: your role does not grant the permission '${permission}'. ` +
          'An organization admin must create a role with this permission and assign it to your account.',
        'forbidden',
      ),
    };
  }
  if (body.kind === 'too-large') {
    return {
      status: 413,
      body: errorBody(`Request body too large: the limit is ${ctx.maxBody} bytes.`, 'bad_request'),
    };
  }
  let parsed: unknown;
  if (BODY_METHODS.has(method) && body.raw.length > 0) {
    try {
      parsed = JSON.parse(body.raw.toString('utf8'));
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      return { status: 400, body: errorBody(`Invalid JSON in request body: ${detail}`, 'bad_request') };
    }
  }
  // what the rest of a lazily seeded world holds is seeded before anything may read or change it
  if (ctx.world.waitsForSeed(route.op, route.mutation)) await ctx.world.seeded();
  try {
    const reply = await route.handle(
      { method: route.method, path, params, query: url.searchParams, body: parsed },
      ctx.world,
    );
    if (reply === null || typeof reply !== 'object') throw new TypeError('handler returned no reply');
    return { status: reply.status ?? 200, body: reply.body ?? null };
  } catch (e) {
    if (e instanceof SimError) return { status: e.status, body: simErrorBody(e) };
    return { status: 500, body: errorBody('Internal server error', 'server_error') };
  }
}
