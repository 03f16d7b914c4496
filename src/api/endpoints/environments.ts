import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import {
  EnvironmentListResponse,
  EnvironmentResponse,
  type Region,
  VmQuotaSchema,
} from '../schemas/environment.js';
import {
  ackMessage,
  availability,
  type CallOptions,
  type ListOptions,
  listQuery,
  read,
  toPage,
} from './shared.js';

export function environmentEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/environments',
          query: query('List_environments', listQuery(o)),
          schema: EnvironmentListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => toPage(r.environments, r)),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/environments/${seg(id)}`,
          schema: EnvironmentResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.environment),

    create: (input: { name: string; region: Region }, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/core/environments',
          body: body('Create_environment', { name: input.name, region: input.region }),
          schema: EnvironmentResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.environment),

    update: (id: number, input: { name: string }, o?: CallOptions) =>
      t
        .request({
          method: 'PUT',
          path: `/core/environments/${seg(id)}`,
          body: body('Update_environment', { name: input.name }),
          schema: EnvironmentResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.environment),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `/core/environments/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** How many VMs its subnet still takes (Get_environment_VM_quota). */
    vmQuota: (id: number, o?: CallOptions) =>
      read(t, `/core/environments/${seg(id)}/vm-quota`, VmQuotaSchema, o).then((r) => ({
        current: r.current_vms ?? null,
        max: r.max_vms ?? null,
        available: r.available_vms ?? null,
        percentUsed: r.percentage_used ?? null,
        cidr: r.cidr ?? null,
      })),

    nameAvailable: (name: string, o?: CallOptions) =>
      read(t, `/core/environments/name-availability/${seg(name)}`, NameAvailableResponse, o).then(
        availability,
      ),
  };
}
