import { query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { DashboardResponse } from '../schemas/dashboard.js';
import type { Region } from '../schemas/environment.js';
import { FlavorListResponse } from '../schemas/flavor.js';
import { ImageListResponse } from '../schemas/image.js';
import { StockResponse } from '../schemas/stock.js';
import type { CallOptions } from './shared.js';

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
  };
}
