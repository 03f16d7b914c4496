/**
 * The recording side of the request checks: every route of the simulator wrapped so that each request it receives
 * is kept (method, path, whether it carried a body or a query), matched to its OpenAPI operation, validated against
 * the corrected request schema (test/support/openapi-request.ts) as it arrived over HTTP, and kept with the status
 * the route answered. Used by the coverage drive (every request the app sends) and by test/support/sim-client.ts
 * (every request of the client's tests: what the document refuses, the simulator must refuse too).
 */
import { type RouteDef, SimError } from '../../src/sim/route.js';
import { openApi } from './openapi.js';

export interface Recorded {
  method: string;
  path: string;
  /** The OpenAPI operation, or `(undocumented) METHOD path`. */
  operationId: string;
  /** It carried a JSON body. */
  hasBody: boolean;
  /** It carried a query. */
  hasQuery: boolean;
  /** What the corrected document refuses in it ([] when it follows the document). */
  errors: string[];
  /** The status the route answered (its refusal's), once it has. */
  status?: number;
}

export interface SimRecorder {
  readonly requests: readonly Recorded[];
  /** The routes to give the simulator. */
  wrap(routes: readonly RouteDef[]): RouteDef[];
}

export function simRecorder(): SimRecorder {
  const v = openApi();
  const requests: Recorded[] = [];
  return {
    requests,
    wrap: (routes) =>
      routes.map((r) => ({
        ...r,
        handle: (req, world) => {
          const op = v.findOperation(req.method, req.path);
          const seen: Recorded = {
            method: req.method,
            path: req.path,
            operationId: op?.operationId ?? `(undocumented) ${req.method} ${req.path}`,
            hasBody: req.body !== undefined,
            hasQuery: [...req.query.keys()].length > 0,
            errors: v.validateRequest(req.method, req.path, { query: req.query, body: req.body }),
          };
          requests.push(seen);
          try {
            const reply = r.handle(req, world);
            seen.status = reply.status ?? 200;
            return reply;
          } catch (e) {
            if (e instanceof SimError) seen.status = e.status;
            throw e;
          }
        },
      })),
  };
}

/** The requests the corrected document refuses that the simulator answered as if they were fine (2xx). */
export function acceptedButInvalid(rec: SimRecorder): string[] {
  return rec.requests
    .filter((r) => r.errors.length > 0 && r.status !== undefined && r.status < 400)
    .map((r) => `${r.method} ${r.path} answered ${r.status}: ${r.errors.join('; ')}`);
}
