import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { type KeypairImportInput, KeypairListResponse, KeypairResponse } from '../schemas/keypair.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

export function keypairEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions) =>
      call(t, op.List_key_pairs, o, { query: listQuery(o), schema: KeypairListResponse }).then((r) =>
        toPage(r.keypairs, r),
      ),

    import: (input: KeypairImportInput, o?: CallOptions) =>
      call(t, op.Import_key_pair, o, {
        body: { name: input.name, environment_name: input.environment_name, public_key: input.public_key },
        schema: KeypairResponse,
      }).then((r) => r.keypair),

    // note the singular `keypair` in the path of rename and delete
    rename: (id: number, name: string, o?: CallOptions) =>
      call(t, op.Update_key_pair_name, o, { params: { id }, body: { name }, schema: KeypairResponse }).then(
        (r) => r.keypair,
      ),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_key_pair, o, { params: { id }, schema: AckResponse }).then(ackMessage),
  };
}
