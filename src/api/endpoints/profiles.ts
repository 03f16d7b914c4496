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
      call(t, op.List_profiles, o, { schema: ProfileListResponse }).then((r) => r.profiles),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_profile, o, { params: { id }, schema: ProfileResponse }).then((r) => r.profile),

    create: (input: ProfileCreateInput, o?: CallOptions) =>
      call(t, op.Create_profile, o, { body: input, schema: ProfileResponse }).then((r) => r.profile),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_profile, o, { params: { id }, schema: AckResponse }).then(ackMessage),
  };
}
