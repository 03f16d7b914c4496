import type { Transport } from '../request.js';
import { type Volume, VolumeListResponse } from '../schemas/volume.js';
import { type CollectOptions, collectPages } from './paginate.js';
import { type ListOptions, listQuery, type Page, toPage } from './shared.js';

const VOLUMES = '/core/volumes';

/** Volumes (GET /core/volumes), paginated like the VM list. Pure reads. */
export function volumeEndpoints(t: Transport) {
  const list = (o?: ListOptions & { environment?: string }): Promise<Page<Volume>> =>
    t
      .request({
        method: 'GET',
        path: VOLUMES,
        query: { ...listQuery(o), environment: o?.environment },
        schema: VolumeListResponse,
        retry: true,
        signal: o?.signal,
      })
      .then((r) => toPage(r.volumes, r));
  return {
    list,
    /** Every volume, following pages while the service paginates. */
    listAll: (o?: { search?: string; environment?: string } & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) =>
          list({ page, pageSize, search: o?.search, environment: o?.environment, signal }),
        { path: VOLUMES },
        o,
      ),
  };
}
