/** Environments: list, create, read, rename, delete. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import { createEnv, deleteEnv, renameEnv } from '../world/environments.js';
import { requireEnv } from '../world/lookup.js';
import type { World } from '../world.js';
import { body, idParam, ok, pageOk, refusedAs400, reqStr } from './body.js';
import { envJson } from './view-core.js';

function search(req: SimRequest, world: World) {
  const q = req.query.get('search')?.toLowerCase();
  const all = [...world.envs.values()];
  return q ? all.filter((e) => e.name.toLowerCase().includes(q) || e.region.toLowerCase().includes(q)) : all;
}

export const environmentRoutes: RouteDef[] = [
  serve(op.List_environments, {
    handle: (req, world) => {
      return pageOk(req, search(req, world), {
        message: 'Getting environments successful',
        key: 'environments',
        json: envJson,
      });
    },
  }),
  serve(op.Create_environment, {
    handle: (req, world) => {
      const b = body(req);
      const env = createEnv(world, reqStr(b, 'name', 50), reqStr(b, 'region'));
      return ok(`Environment ${env.name} created successfully.`, { environment: envJson(env) });
    },
  }),
  serve(op.Get_environment, {
    handle: (req, world) =>
      ok('Getting environment successful', { environment: envJson(requireEnv(world, idParam(req))) }),
  }),
  serve(op.Update_environment, {
    // Update_environment documents no 409: a taken name is a 400
    handle: refusedAs400([409], (req, world) => {
      const env = requireEnv(world, idParam(req));
      renameEnv(world, env, reqStr(body(req), 'name', 50));
      return ok('Environment updated successfully.', { environment: envJson(env) });
    }),
  }),
  serve(op.Delete_environment, {
    // an environment that still holds resources: 405 not_allowed, the message listing them
    handle: (req, world) => {
      const env = requireEnv(world, idParam(req));
      deleteEnv(world, env);
      return ok(`Environment ${env.name} deleted successfully.`);
    },
  }),
];
