/**
 * The recording side of the coverage drive: every route of the simulator wrapped so that each request the app
 * sends is kept (method, path, query, body), matched to its OpenAPI operation, and validated against the corrected
 * request schema (test/support/openapi-request.ts) as it arrived over HTTP, before the route answers it.
 */
import type { RouteDef } from '../../src/sim/route.js';
import { openApi } from '../support/openapi.js';

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
          requests.push({
            method: req.method,
            path: req.path,
            operationId: op?.operationId ?? `(undocumented) ${req.method} ${req.path}`,
            hasBody: req.body !== undefined,
            hasQuery: [...req.query.keys()].length > 0,
            errors: v.validateRequest(req.method, req.path, { query: req.query, body: req.body }),
          });
          return r.handle(req, world);
        },
      })),
  };
}
