import type { Transport } from '../request.js';
import { RegionListResponse } from '../schemas/region.js';
import type { CallOptions } from './shared.js';

/** The service's regions (GET /core/regions). A pure read. */
export function regionEndpoints(t: Transport) {
  return {
    list: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/regions',
          schema: RegionListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.regions),
  };
}
