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
      call(t, op.List_environments, {
        query: listQuery(o),
        schema: EnvironmentListResponse,
        signal: o?.signal,
      }).then((r) => toPage(r.environments, r)),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_environment, { params: { id }, schema: EnvironmentResponse, signal: o?.signal }).then(
        (r) => r.environment,
      ),

    create: (input: { name: string; region: Region }, o?: CallOptions) =>
      call(t, op.Create_environment, {
        body: { name: input.name, region: input.region },
        schema: EnvironmentResponse,
        signal: o?.signal,
      }).then((r) => r.environment),

    update: (id: number, input: { name: string }, o?: CallOptions) =>
      call(t, op.Update_environment, {
        params: { id },
        body: { name: input.name },
        schema: EnvironmentResponse,
        signal: o?.signal,
      }).then((r) => r.environment),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_environment, { params: { id }, schema: AckResponse, signal: o?.signal }).then(
        ackMessage,
      ),

    /** How many VMs its subnet still takes (Get_environment_VM_quota). */
    vmQuota: (id: number, o?: CallOptions) =>
      call(t, op.Get_environment_VM_quota, { params: { id }, schema: VmQuotaSchema, signal: o?.signal }).then(
        (r) => ({
          current: r.current_vms ?? null,
          max: r.max_vms ?? null,
          available: r.available_vms ?? null,
          percentUsed: r.percentage_used ?? null,
          cidr: r.cidr ?? null,
        }),
      ),

    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_environment_name_availability, {
        params: { name },
        schema: NameAvailableResponse,
        signal: o?.signal,
      }).then(availability),
  };
}
