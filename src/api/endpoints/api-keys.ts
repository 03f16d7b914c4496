import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  type ApiKey,
  type ApiKeyInput,
  ApiKeyListResponse,
  ApiKeyResponse,
  type ApiKeySchema,
} from '../schemas/access.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions } from './shared.js';

/** The key without its secret: the app keeps no listed key (the service's list masks it; it is still not shown). */
function kept(k: ReturnType<typeof ApiKeySchema.parse>): ApiKey {
  return { id: k.id, name: k.name, description: k.description ?? null, created_at: k.created_at ?? null };
}

/** The user's API keys (/api-key). */
export function apiKeyEndpoints(t: Transport) {
  const one = (id: number) => ({ api_key_id: id });
  return {
    list: (o?: CallOptions) =>
      call(t, op.Get_API_Key, o, { schema: ApiKeyListResponse }).then((r) => r.api_keys.map(kept)),

    /** A new key: `secret` is the whole key, answered this once (show it once, never store or log it). */
    generate: (input: ApiKeyInput, o?: CallOptions) =>
      call(t, op.Generate_API_Key, o, { body: input, schema: ApiKeyResponse }).then((r) => ({
        key: kept(r.api_key),
        secret: r.api_key.key ?? '',
      })),

    update: (id: number, input: ApiKeyInput, o?: CallOptions) =>
      call(t, op.Update_API_Key, o, { params: one(id), body: input, schema: ApiKeyResponse }).then((r) =>
        kept(r.api_key),
      ),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_API_Key, o, { params: one(id), schema: AckResponse }).then(ackMessage),
  };
}
