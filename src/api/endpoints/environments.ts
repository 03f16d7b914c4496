import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import {
  EnvironmentListResponse,
  EnvironmentResponse,
  type Region,
  VmQuotaSchema,
} from '../schemas/environment.js';
import { ackMessage, availability, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

export function environmentEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions) =>
      call(t, op.List_environments, o, { query: listQuery(o), schema: EnvironmentListResponse }).then((r) =>
        toPage(r.environments, r),
      ),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_environment, o, { params: { id }, schema: EnvironmentResponse }).then(
        (r) => r.environment,
      ),

    create: (input: { name: string; region: Region }, o?: CallOptions) =>
      call(t, op.Create_environment, o, {
        body: { name: input.name, region: input.region },
        schema: EnvironmentResponse,
      }).then((r) => r.environment),

    update: (id: number, input: { name: string }, o?: CallOptions) =>
      call(t, op.Update_environment, o, {
        params: { id },
        body: { name: input.name },
        schema: EnvironmentResponse,
      }).then((r) => r.environment),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_environment, o, { params: { id }, schema: AckResponse }).then(ackMessage),

    /** How many VMs its subnet still takes (Get_environment_VM_quota). */
    vmQuota: (id: number, o?: CallOptions) =>
      call(t, op.Get_environment_VM_quota, o, { params: { id }, schema: VmQuotaSchema }).then((r) => ({
        current: r.current_vms ?? null,
        max: r.max_vms ?? null,
        available: r.available_vms ?? null,
        percentUsed: r.percentage_used ?? null,
        cidr: r.cidr ?? null,
      })),

    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_environment_name_availability, o, {
        params: { name },
        schema: NameAvailableResponse,
      }).then(availability),
  };
}
