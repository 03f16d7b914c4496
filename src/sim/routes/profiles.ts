/**
 * Provisioning profiles. `data` is saved from an object and sent back as a JSON STRING, in the list and the detail:
 * the OpenAPI document (Profile_Fields) declares it a string (service-api.md shows an object).
 */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { requireProfile } from '../world/lookup.js';
import { createProfile } from '../world/profiles.js';
import type { ProfileRecord } from '../world/types.js';
import { body, idParam, ok, optStr, reqObject, reqStr } from './body.js';
import { iso } from './view-core.js';

function profileJson(p: ProfileRecord) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    data: JSON.stringify(p.data),
    created_at: iso(p.createdAt),
  };
}

export const profileRoutes: RouteDef[] = [
  serve(op.List_profiles, {
    handle: (_req, world) =>
      ok('Getting profiles successful', { profiles: [...world.profiles.values()].map(profileJson) }),
  }),
  serve(op.Create_profile, {
    handle: (req, world) => {
      const b = body(req);
      const p = createProfile(world, {
        name: reqStr(b, 'name', 50),
        description: optStr(b, 'description', 150) ?? '',
        data: reqObject(b, 'data'),
      });
      return ok(`Profile ${p.name} created successfully.`, { profile: profileJson(p) }, 201);
    },
  }),
  serve(op.Get_profile, {
    handle: (req, world) =>
      ok('Getting profile successful', { profile: profileJson(requireProfile(world, idParam(req))) }),
  }),
  serve(op.Delete_profile, {
    handle: (req, world) => {
      const p = requireProfile(world, idParam(req));
      world.profiles.delete(p.id);
      return ok(`Profile ${p.name} deleted successfully.`);
    },
  }),
];
