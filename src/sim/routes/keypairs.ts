/** SSH key pairs: list, import, rename, delete. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { importKeypair, renameKeypair } from '../world/keypairs.js';
import { requireKeypair } from '../world/lookup.js';
import { body, idParam, ok, pageOk, refusedAs400, reqStr } from './body.js';
import { keypairJson } from './view-core.js';

export const keypairRoutes: RouteDef[] = [
  serve(op.List_key_pairs, {
    handle: (req, world) => {
      return pageOk(req, [...world.keypairs.values()], {
        message: 'Getting keypairs successful',
        key: 'keypairs',
        json: (k) => keypairJson(world, k),
        name: (k) => k.name,
      });
    },
  }),
  serve(op.Import_key_pair, {
    handle: (req, world) => {
      const b = body(req);
      const kp = importKeypair(world, {
        name: reqStr(b, 'name'),
        environmentName: reqStr(b, 'environment_name'),
        publicKey: reqStr(b, 'public_key'),
      });
      return ok(`Key pair ${kp.name} imported successfully.`, { keypair: keypairJson(world, kp) });
    },
  }),
  serve(op.Update_key_pair_name, {
    // Update_key_pair_name documents no 409: a taken name is a 400
    handle: refusedAs400([409], (req, world) => {
      const kp = requireKeypair(world, idParam(req));
      renameKeypair(world, kp, reqStr(body(req), 'name'));
      return ok('Key pair name updated successfully.', { keypair: keypairJson(world, kp) });
    }),
  }),
  serve(op.Delete_key_pair, {
    handle: (req, world) => {
      const kp = requireKeypair(world, idParam(req));
      world.keypairs.delete(kp.id);
      return ok(`Key pair ${kp.name} deleted successfully.`);
    },
  }),
];
