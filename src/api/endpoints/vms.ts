import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import {
  type Vm,
  type VmCreateInput,
  VmCreateResponse,
  VmGetResponse,
  VmListResponse,
} from '../schemas/vm.js';
import { type CollectOptions, collectPages } from './paginate.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, type Page, toPage } from './shared.js';
import { vmActionEndpoints } from './vm-actions.js';
import { vmExtraEndpoints } from './vm-extras.js';

const VMS = '/core/virtual-machines';

export interface VmListOptions extends ListOptions {
  /** Environment name or id. */
  environment?: string;
}

export function vmEndpoints(t: Transport) {
  const list = (o?: VmListOptions): Promise<Page<Vm>> =>
    t
      .request({
        method: 'GET',
        path: VMS,
        query: query('List_VMs', { ...listQuery(o), environment: o?.environment }),
        schema: VmListResponse,
        retry: true,
        signal: o?.signal,
      })
      .then((r) => toPage(r.instances, r));

  return {
    list,

    /** Every VM, following pages while the service paginates (bounded, cancellable). */
    listAll: (o?: Omit<VmListOptions, 'page' | 'pageSize'> & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) =>
          list({ page, pageSize, search: o?.search, environment: o?.environment, signal }),
        { path: VMS },
        o,
      ),

    /** The service answers with `instance`; the spec with `instances[]`: either works. */
    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `${VMS}/${seg(id)}`,
          schema: VmGetResponse,
          retry: true,
          signal: o?.signal,
        })
        // the schema refuses a body with neither, so one is there
        .then((r) => (r.instance ?? r.instances?.[0]) as Vm),

    /** Creates `count` VMs; returns them (status CREATING). */
    create: (input: VmCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: VMS,
          body: body('Create_VMs', input),
          schema: VmCreateResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.instances),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `${VMS}/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    ...vmActionEndpoints(t),
    ...vmExtraEndpoints(t),
  };
}
