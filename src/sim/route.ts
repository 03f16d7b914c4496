/** The contract between the simulator's HTTP server (server.ts) and its resource routes (routes/*.ts). */

import type { OperationId } from '../api/openapi-types.js';
import type { Operation, ParamNames } from '../api/operation.js';
import { changesState } from '../api/state-changing.js';
import type { World } from './world.js';

export type SimMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SimRequest {
  method: SimMethod;
  /** Path below /v1, e.g. `/core/virtual-machines/12/start`. */
  path: string;
  /** Values of `:name` placeholders of the route's path, still strings. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/** What a handler returns: a JSON body, sent with `status` (200 when omitted). */
export interface SimReply {
  status?: number;
  body: unknown;
}

/**
 * How a validation failure is written, as the real service writes its two kinds: `payload` for a request that
 * does not fit the operation's schema (`{"errors": {field: "…"}, "message": "Input payload validation failed"}`,
 * no status, no error_reason), `fields` for a value a field's rule refuses (`{"status": false, "errors":
 * {field: ["…"]}}`, no message).
 */
export type FieldErrorForm = 'payload' | 'fields';

/**
 * Thrown by handlers; the server turns it into `{status: false, message, error_reason}` with this HTTP code, or,
 * with `fields`, into one of the field-map bodies (see FieldErrorForm). `message` stays readable either way.
 */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly fields?: { errors: Record<string, string[]>; form: FieldErrorForm },
  ) {
    super(message);
  }
}

export interface RouteDef {
  /** The operation the route serves (src/api/operations.gen.ts), when declared by it (`serve`). */
  op?: OperationId;
  method: SimMethod;
  /** Path below /v1 with `:name` placeholders, e.g. `/core/virtual-machines/:id/start`. */
  path: string;
  /** Changes state (VM actions are GETs but ARE mutations): refused with 403 for the read-only demo key. */
  mutation: boolean;
  handle(req: SimRequest, world: World): SimReply;
}

/** A request to a route of `P`: a value (still a string) for each of the path's placeholders. */
export interface OperationRequest<P extends string> extends SimRequest {
  params: Record<ParamNames<P>, string>;
}

/**
 * The route serving `operation` (src/api/operations.gen.ts, the table the client's endpoints call by): its method
 * and path are the operation's, `{name}` placeholders matched as `:name`, and the handler's params are typed by them.
 * It changes state (refused to the read-only key) where its operation does (src/api/state-changing.ts: all but GETs,
 * and the few GETs the client never retries either).
 */
export function serve<P extends string>(
  operation: Operation<OperationId, P>,
  route: { handle(req: OperationRequest<P>, world: World): SimReply },
): RouteDef {
  return {
    op: operation.id,
    method: operation.method,
    path: simPath(operation),
    mutation: changesState(operation),
    handle: route.handle as RouteDef['handle'],
  };
}

/** The simulator's path of an operation (`/core/volumes/:volume_id`), as `serve` declares its route. */
export const simPath = (operation: Operation): string => operation.path.replace(/\{([^}]+)\}/g, ':$1');
