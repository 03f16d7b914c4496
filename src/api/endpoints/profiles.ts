import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { type ProfileCreateInput, ProfileListResponse, ProfileResponse } from '../schemas/profile.js';
import { ackMessage, type CallOptions } from './shared.js';

/** Provisioning profiles: saved VM configurations. */
export function profileEndpoints(t: Transport) {
  return {
    list: (o?: CallOptions) =>
      call(t, op.List_profiles, { schema: ProfileListResponse, signal: o?.signal }).then((r) => r.profiles),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_profile, { params: { id }, schema: ProfileResponse, signal: o?.signal }).then(
        (r) => r.profile,
      ),

    create: (input: ProfileCreateInput, o?: CallOptions) =>
      call(t, op.Create_profile, { body: input, schema: ProfileResponse, signal: o?.signal }).then(
        (r) => r.profile,
      ),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_profile, { params: { id }, schema: AckResponse, signal: o?.signal }).then(ackMessage),
  };
}
