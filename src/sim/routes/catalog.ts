/** Flavors, images, GPU stock and the dashboard overview. */

import * as op from '../../api/operations.gen.js';
import { IMAGE_LOGOS, isRegion, REGIONS, type Region } from '../catalog.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import { invalid } from '../world/errors.js';
import { availableText } from '../world/stock.js';
import { overview } from '../world/usage.js';
import { ok } from './body.js';
import { flavorJson, imageJson } from './view-core.js';

function regionQuery(req: SimRequest): Region | undefined {
  const r = req.query.get('region');
  if (r === null || r === '') return undefined;
  if (!isRegion(r)) throw invalid(`region must be one of ${REGIONS.join(', ')}; got "${r}".`);
  return r;
}

/** Groups items by a key, keeping first-seen order. */
function groupBy<T>(items: readonly T[], key: (t: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const g = m.get(k);
    if (g) g.push(t);
    else m.set(k, [t]);
  }
  return [...m.values()];
}

export const catalogRoutes: RouteDef[] = [
  serve(op.List_Flavors, {
    handle: (req, world) => {
      const region = regionQuery(req);
      const flavors = world.flavors.filter((f) => !region || f.region === region);
      const data = groupBy(flavors, (f) => `${f.region}|${f.gpu}`).map((g) => ({
        gpu: g[0]!.gpu,
        region_name: g[0]!.region,
        flavors: g.map((f) => flavorJson(world, f)),
      }));
      return ok('Getting flavors successful', { data });
    },
  }),
  serve(op.List_Images, {
    handle: (req, world) => {
      const region = regionQuery(req);
      const q = req.query.get('search')?.toLowerCase();
      const images = world.images.filter(
        (i) => (!region || i.region === region) && (!q || i.name.toLowerCase().includes(q)),
      );
      const groups = groupBy(images, (i) => `${i.region}|${i.type}`).map((g) => ({
        region_name: g[0]!.region,
        type: g[0]!.type,
        logo: IMAGE_LOGOS[g[0]!.type] ?? '',
        images: g.map(imageJson),
      }));
      return ok('Getting images successful', { images: groups });
    },
  }),
  serve(op.Get_GPU_stock, {
    // the one response without the status/message envelope
    handle: (_req, world) => ({
      body: {
        stocks: [...world.stock.entries()].map(([region, models]) => ({
          region,
          'stock-type': 'GPU',
          models: models.map((m) => ({
            model: m.model,
            available: availableText(m),
            planned_7_days: m.planned7,
            planned_30_days: m.planned30,
            planned_100_days: m.planned100,
            configurations: { ...m.configurations },
          })),
        })),
      },
    }),
  }),
  serve(op.Get_Dashboard, {
    handle: (_req, world) => {
      // Overview_Info's `instance` (service-api.md calls it `virtual_machine`)
      return ok('Getting dashboard successful', { overview: overview(world) });
    },
  }),
];
