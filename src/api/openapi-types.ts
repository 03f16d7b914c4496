/**
 * Request bodies and queries typed from the service's corrected OpenAPI document (openapi.gen.ts, written by
 * `npm run gen:api`), for `call` (operation.ts): types only, nothing at run time. A body or query the corrected
 * schema forbids (a missing required field, a wrong type, a field it does not declare) does not compile.
 */
import type { operations } from './openapi.gen.js';

export type OperationId = keyof operations;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of an operation, as the corrected document declares it. */
export type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: infer R }
  ? JsonOf<NonNullable<R>>
  : never;

/**
 * The query of an operation, as the corrected document declares it. A query is text on the wire: where the
 * document declares a string, a number or a boolean (written as text) is that string too.
 */
export type QueryOf<Op extends OperationId> = operations[Op] extends { parameters: { query?: infer Q } }
  ? { [K in keyof NonNullable<Q>]?: AsText<NonNullable<Q>[K]> }
  : never;
type AsText<V> = [NonNullable<V>] extends [string] ? V | number | boolean : V;

/** `T` with every property `S` does not declare made `never` (arrays and nested objects too). */
export type NoExtra<T, S> = T extends readonly (infer E)[]
  ? S extends readonly (infer F)[]
    ? readonly NoExtra<E, F>[]
    : T
  : T extends object
    ? { [K in keyof T]: K extends keyof S ? NoExtra<T[K], NonNullable<S[K]>> : never }
    : T;
