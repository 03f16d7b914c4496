/** The user's API keys (/api-key): list (keys masked), generate (the whole key, once), rename, delete. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import type { ApiKeyRecord } from '../world/account-types.js';
import { generateApiKey, maskedKey, requireApiKey, updateApiKey } from '../world/user-api-keys.js';
import { body, idParam, ok, optStr, reqStr } from './body.js';
import { iso } from './view-core.js';

/** ApiKeyFields; `whole` only in the answer that creates the key. */
function apiKeyJson(k: ApiKeyRecord, whole = false) {
  return {
    id: k.id,
    name: k.name,
    description: k.description,
    key: whole ? k.key : maskedKey(k.key),
    created_at: iso(k.createdAt),
  };
}

export const apiKeyRoutes: RouteDef[] = [
  serve(op.Get_API_Key, {
    handle: (_req, world) =>
      ok('Getting API keys successful', { api_keys: [...world.apiKeys.values()].map((k) => apiKeyJson(k)) }),
  }),
  serve(op.Generate_API_Key, {
    handle: (req, world) => {
      const b = body(req);
      const k = generateApiKey(world, reqStr(b, 'name'), optStr(b, 'description'));
      return ok('API key generated successfully. Copy it now: it is not shown again.', {
        api_key: apiKeyJson(k, true),
      });
    },
  }),
  serve(op.Update_API_Key, {
    handle: (req, world) => {
      const k = requireApiKey(world, idParam(req, 'api_key_id'));
      const b = body(req);
      updateApiKey(world, k, reqStr(b, 'name'), optStr(b, 'description'));
      return ok('API key updated successfully.', { api_key: apiKeyJson(k) });
    },
  }),
  serve(op.Delete_API_Key, {
    handle: (req, world) => {
      const k = requireApiKey(world, idParam(req, 'api_key_id'));
      world.apiKeys.delete(k.id);
      return ok(`API key ${k.name} deleted successfully.`);
    },
  }),
];
