/** GET /core/regions (Regions): the regions of catalog/regions.ts, as Region_Fields. */

import * as op from '../../api/operations.gen.js';
import { REGION_DEFS } from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import { ok } from './body.js';

export const regionRoutes: RouteDef[] = [
  serve(op.List_Regions, {
    handle: () =>
      ok('Getting regions successful', {
        regions: REGION_DEFS.map((r) => ({
          id: r.id,
          name: r.name,
          country: r.country,
          description: r.description,
          green_status: r.greenStatus,
          features: { network_optimised: r.networkOptimised },
        })),
      }),
  }),
];
