import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  type ApiKey,
  type ApiKeyInput,
  ApiKeyListResponse,
  ApiKeyResponse,
  type ApiKeySchema,
} from '../schemas/access.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions, read, write } from './shared.js';

/** The key without its secret: the app keeps no listed key (the service's list masks it; it is still not shown). */
function kept(k: ReturnType<typeof ApiKeySchema.parse>): ApiKey {
  return { id: k.id, name: k.name, description: k.description ?? null, created_at: k.created_at ?? null };
}

/** The user's API keys (/api-key). */
export function apiKeyEndpoints(t: Transport) {
  return {
    list: (o?: CallOptions) => read(t, '/api-key', ApiKeyListResponse, o).then((r) => r.api_keys.map(kept)),

    /** A new key: `secret` is the whole key, answered this once (show it once, never store or log it). */
    generate: (input: ApiKeyInput, o?: CallOptions) =>
      write(t, 'POST', '/api-key/generate', ApiKeyResponse, body('Generate_API_Key', input), o).then((r) => ({
        key: kept(r.api_key),
        secret: r.api_key.key ?? '',
      })),

    update: (id: number, input: ApiKeyInput, o?: CallOptions) =>
      write(t, 'PUT', `/api-key/${seg(id)}`, ApiKeyResponse, body('Update_API_Key', input), o).then((r) =>
        kept(r.api_key),
      ),

    delete: (id: number, o?: CallOptions) =>
      write(t, 'DELETE', `/api-key/${seg(id)}`, AckResponse, undefined, o).then(ackMessage),
  };
}
