import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { RegionListResponse } from '../schemas/region.js';
import type { CallOptions } from './shared.js';

/** The service's regions (List_Regions). A pure read. */
export function regionEndpoints(t: Transport) {
  return {
    list: (o?: CallOptions) =>
      call(t, op.List_Regions, o, { schema: RegionListResponse }).then((r) => r.regions),
  };
}
