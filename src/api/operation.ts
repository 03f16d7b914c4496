/**
 * A call to the service named by its operation (src/api/operations.gen.ts, generated from the corrected OpenAPI
 * document by `npm run gen:api`): the method and the path come from the table, the path's parameters, the query
 * and the body are typed by it. A misspelt operation, a missing or unknown path parameter, or a body or query the
 * corrected schema forbids does not compile. The simulator's routes are declared by the same operations
 * (src/sim/route.ts, `onOperation`).
 */
import type { z } from 'zod';
import type { BodyOf, NoExtra, OperationId, QueryOf } from './openapi-types.js';
import { type HttpMethod, type RequestSpec, seg, type Transport } from './request.js';
import { changesState } from './state-changing.js';

/** One operation of the generated table. */
export interface Operation<Id extends OperationId = OperationId, P extends string = string> {
  readonly id: Id;
  readonly method: HttpMethod;
  /** Below the base URL, with `{name}` placeholders (`/core/virtual-machines/{vm_id}`). */
  readonly path: P;
}

/** The names of the `{name}` placeholders of a path template. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;

/** A value for each placeholder of the path template `P`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };

/** The path of `op` with its placeholders filled in, each value encoded as one segment. */
export function pathOf<P extends string>(op: Operation<OperationId, P>, params: PathParams<P>): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new TypeError(`${op.id}: no value for the path parameter ${name}`);
    return seg(v);
  });
}

/** What a call sends besides the operation: its path's values, query, body, and how its answer is read. */
export type CallSpec<Id extends OperationId, P extends string, S extends z.ZodType, B, Q, PP> = {
  /** Validates the whole response body (envelope included). */
  schema: S;
  query?: Q & NoExtra<Q, QueryOf<Id>>;
  body?: B & NoExtra<B, BodyOf<Id>>;
} & ([ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: PP & { readonly [K in Exclude<keyof PP, ParamNames<P>>]: never } });

/**
 * Sends `op` through the transport, its method and path from the table. `o` is what the endpoint's caller passed
 * (its abort signal is the request's), handed on whole so that no endpoint writes `signal: o?.signal` again.
 */
export function call<
  Id extends OperationId,
  P extends string,
  S extends z.ZodType,
  B extends BodyOf<Id> = never,
  Q extends QueryOf<Id> = never,
  PP extends PathParams<P> = PathParams<P>,
>(
  t: Transport,
  op: Operation<Id, P>,
  o: { readonly signal?: AbortSignal | undefined } | undefined,
  spec: CallSpec<Id, P, S, B, Q, PP>,
): Promise<z.output<S>> {
  return t.request({
    method: op.method,
    path: pathOf(op, (spec.params ?? {}) as unknown as PathParams<P>),
    query: spec.query as RequestSpec<S>['query'],
    body: spec.body,
    schema: spec.schema,
    // a read is retried, never what changes state (src/api/state-changing.ts: a few GETs too)
    retry: !changesState(op),
    signal: o?.signal,
  });
}
