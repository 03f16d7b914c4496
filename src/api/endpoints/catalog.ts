import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { DefaultChoicesResponse, GpuListResponse } from '../schemas/core-extras.js';
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
      call(t, op.List_Flavors, o, { query: { region: o?.region }, schema: FlavorListResponse }).then(
        (r) => r.data,
      ),

    /** Image groups (by region and OS family); without `region` all regions. */
    images: (o?: CallOptions & { region?: Region }) =>
      call(t, op.List_Images, o, { query: { region: o?.region }, schema: ImageListResponse }).then(
        (r) => r.images,
      ),

    stocks: (o?: CallOptions) =>
      call(t, op.Get_GPU_stock, o, { schema: StockResponse }).then((r) => r.stocks),

    dashboard: (o?: CallOptions) =>
      call(t, op.Get_Dashboard, o, { schema: DashboardResponse }).then((r) => r.overview),

    /** The GPU models, each with the regions that have it. */
    gpus: (o?: CallOptions) => call(t, op.List_GPUs, o, { schema: GpuListResponse }).then((r) => r.gpu_list),

    /** The console's default flavor, image and key pair for a new VM (none: an empty list). */
    defaults: (o?: CallOptions) =>
      call(t, op.List_Default_Flavors_and_Images, o, { schema: DefaultChoicesResponse }).then(
        (r) => r.user_default_choices ?? [],
      ),
  };
}
