import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { type KeypairImportInput, KeypairListResponse, KeypairResponse } from '../schemas/keypair.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

export function keypairEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/keypairs',
          query: query('List_key_pairs', listQuery(o)),
          schema: KeypairListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => toPage(r.keypairs, r)),

    import: (input: KeypairImportInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/core/keypairs',
          body: body('Import_key_pair', {
            name: input.name,
            environment_name: input.environment_name,
            public_key: input.public_key,
          }),
          schema: KeypairResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.keypair),

    // note the singular `keypair` in the path of rename and delete
    rename: (id: number, name: string, o?: CallOptions) =>
      t
        .request({
          method: 'PUT',
          path: `/core/keypair/${seg(id)}`,
          body: body('Update_key_pair_name', { name }),
          schema: KeypairResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.keypair),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `/core/keypair/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),
  };
}
