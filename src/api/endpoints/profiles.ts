import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { type ProfileCreateInput, ProfileListResponse, ProfileResponse } from '../schemas/profile.js';
import { ackMessage, type CallOptions } from './shared.js';

/** Provisioning profiles: saved VM configurations. */
export function profileEndpoints(t: Transport) {
  return {
    list: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/profiles',
          schema: ProfileListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.profiles),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/profiles/${seg(id)}`,
          schema: ProfileResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.profile),

    create: (input: ProfileCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/core/profiles',
          body: body('Create_profile', input),
          schema: ProfileResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.profile),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `/core/profiles/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),
  };
}
