import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
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

export interface VmListOptions extends ListOptions {
  /** Environment name or id. */
  environment?: string;
}

export function vmEndpoints(t: Transport) {
  const list = (o?: VmListOptions): Promise<Page<Vm>> =>
    call(t, op.List_VMs, o, {
      query: { ...listQuery(o), environment: o?.environment },
      schema: VmListResponse,
    }).then((r) => toPage(r.instances, r));

  return {
    list,

    /** Every VM, following pages while the service paginates (bounded, cancellable). */
    listAll: (o?: Omit<VmListOptions, 'page' | 'pageSize'> & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) =>
          list({ page, pageSize, search: o?.search, environment: o?.environment, signal }),
        { path: op.List_VMs.path },
        o,
      ),

    /** The service answers with `instance`; the spec with `instances[]`: either works. */
    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_VM, o, { params: { vm_id: id }, schema: VmGetResponse })
        // the schema refuses a body with neither, so one is there
        .then((r) => (r.instance ?? r.instances?.[0]) as Vm),

    /** Creates `count` VMs; returns them (status CREATING). */
    create: (input: VmCreateInput, o?: CallOptions) =>
      call(t, op.Create_VMs, o, { body: input, schema: VmCreateResponse }).then((r) => r.instances),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_VM, o, { params: { vm_id: id }, schema: AckResponse }).then(ackMessage),

    ...vmActionEndpoints(t),
    ...vmExtraEndpoints(t),
  };
}
