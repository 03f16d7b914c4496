/**
 * The client's half of the coverage table, found by calling the client: every function of the client (`loadedApi`) is called
 * (with stand-in arguments) over a recording transport, and the request it sends is matched to the OpenAPI
 * operation it reaches. Nothing is read from source text.
 */
import { loadedApi } from '../../src/api/client.js';
import type { RequestSpec, Transport } from '../../src/api/request.js';
import { openApi } from '../support/openapi.js';

/** A stand-in for every argument: a number for ids, and an object whose every field reads as plausible. */
const ANY: unknown = new Proxy(
  {},
  {
    get: (_t, k) =>
      k === Symbol.toPrimitive
        ? () => 1
        : k === 'then'
          ? undefined
          : k === Symbol.iterator
            ? [][Symbol.iterator]
            : 1,
  },
);

type Fn = (...a: unknown[]) => unknown;
interface Fns {
  [k: string]: Fn | Fns;
}
const ARGS: unknown[][] = [
  [1, ANY, ANY, ANY],
  [ANY, ANY, ANY],
  [1, 1, ANY, ANY],
  ['x', ANY, ANY],
];

/** Every function of the client, by its dotted name ("vms.start", "auth.invites.list"). */
function functionsOf(o: Fns, at = ''): [string, Fn][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'function' ? [[`${at}${k}`, v] as [string, Fn]] : functionsOf(v, `${at}${k}.`),
  );
}

/** What the client sends of one operation. */
export interface ClientOperation {
  /** The client functions ("vms.start") that send it. */
  functions: string[];
  /** One of them sends a JSON body. */
  body: boolean;
  /** The query names they send (given a stand-in for every option), with the request that carried them. */
  query: { names: string[]; method: string; path: string };
}

/** operationId → what the client sends of it. */
export async function clientOperations(): Promise<Map<string, ClientOperation>> {
  const validator = openApi();
  const out = new Map<string, ClientOperation>();
  let last: RequestSpec<never> | undefined;
  const transport: Transport = {
    request: (spec) => {
      last ??= spec as RequestSpec<never>;
      return Promise.reject(new Error('recorded'));
    },
  };
  const api = (await loadedApi(transport)) as unknown as Fns;
  for (const [name, fn] of functionsOf(api)) {
    // the stand-in arguments in a few orders: the first request sent names the operation, and any of them that
    // carries a body or a query (an optional one, given a stand-in) says the function can send one
    let sent: RequestSpec<never> | undefined;
    let body = false;
    const names = new Set<string>();
    for (const args of ARGS) {
      last = undefined;
      try {
        await fn(...args);
      } catch {
        // the recording transport refuses every request: what was sent is all that matters
      }
      const spec = last as RequestSpec<never> | undefined;
      sent ??= spec;
      if (
        !spec ||
        spec.method !== sent?.method ||
        spec.path.split('/').length !== sent.path.split('/').length
      )
        continue;
      body ||= spec.body !== undefined;
      for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) names.add(k);
    }
    if (!sent) continue;
    const op = validator.findOperation(sent.method, sent.path);
    const id = op?.operationId ?? `(undocumented) ${sent.method} ${sent.path}`;
    const known = out.get(id);
    out.set(id, {
      functions: [...(known?.functions ?? []), name],
      body: Boolean(known?.body) || body,
      query: {
        names: [...new Set([...(known?.query.names ?? []), ...names])],
        method: sent.method,
        path: sent.path,
      },
    });
  }
  return out;
}
