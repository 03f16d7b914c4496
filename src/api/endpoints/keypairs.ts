import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { type KeypairImportInput, KeypairListResponse, KeypairResponse } from '../schemas/keypair.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

export function keypairEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions) =>
      call(t, op.List_key_pairs, {
        query: listQuery(o),
        schema: KeypairListResponse,
        signal: o?.signal,
      }).then((r) => toPage(r.keypairs, r)),

    import: (input: KeypairImportInput, o?: CallOptions) =>
      call(t, op.Import_key_pair, {
        body: { name: input.name, environment_name: input.environment_name, public_key: input.public_key },
        schema: KeypairResponse,
        signal: o?.signal,
      }).then((r) => r.keypair),

    // note the singular `keypair` in the path of rename and delete
    rename: (id: number, name: string, o?: CallOptions) =>
      call(t, op.Update_key_pair_name, {
        params: { id },
        body: { name },
        schema: KeypairResponse,
        signal: o?.signal,
      }).then((r) => r.keypair),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_key_pair, { params: { id }, schema: AckResponse, signal: o?.signal }).then(
        ackMessage,
      ),
  };
}
