import { query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { DefaultChoicesResponse, GpuListResponse } from '../schemas/core-extras.js';
import { DashboardResponse } from '../schemas/dashboard.js';
import type { Region } from '../schemas/environment.js';
import { FlavorListResponse } from '../schemas/flavor.js';
import { ImageListResponse } from '../schemas/image.js';
import { StockResponse } from '../schemas/stock.js';
import { type CallOptions, read } from './shared.js';

/** Read-only catalogue: flavors, images, GPU stock and the dashboard totals. All pure reads. */
export function catalogEndpoints(t: Transport) {
  return {
    /** Flavor groups (by GPU and region); without `region` all regions. */
    flavors: (o?: CallOptions & { region?: Region }) =>
      t
        .request({
          method: 'GET',
          path: '/core/flavors',
          query: query('List_Flavors', { region: o?.region }),
          schema: FlavorListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.data),

    /** Image groups (by region and OS family); without `region` all regions. */
    images: (o?: CallOptions & { region?: Region }) =>
      t
        .request({
          method: 'GET',
          path: '/core/images',
          query: query('List_Images', { region: o?.region }),
          schema: ImageListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.images),

    stocks: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/stocks',
          schema: StockResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.stocks),

    dashboard: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/dashboard',
          schema: DashboardResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.overview),

    /** The GPU models, each with the regions that have it. */
    gpus: (o?: CallOptions) => read(t, '/core/gpus', GpuListResponse, o).then((r) => r.gpu_list),

    /** The console's default flavor, image and key pair for a new VM (none: an empty list). */
    defaults: (o?: CallOptions) =>
      read(t, '/core/user/resources/defaults', DefaultChoicesResponse, o).then(
        (r) => r.user_default_choices ?? [],
      ),
  };
}
