/** A volume's callback URL: attach, update, delete (/core/volumes/{volume_id}/…-callback). */
import * as op from '../../api/operations.gen.js';
import type { RouteDef } from '../route.js';
import {
  attachVolumeCallback,
  deleteVolumeCallback,
  updateVolumeCallback,
} from '../world/volume-callbacks.js';
import { requireVolume } from '../world/volumes.js';
import { idParam } from './body.js';
import { callbackRoutes } from './callback-routes.js';

export const volumeCallbackRoutes: RouteDef[] = callbackRoutes(
  {
    attach: op.Attach_callback_to_volume,
    update: op.Update_volume_callback,
    remove: op.Delete_volume_callback,
  },
  (req, world) => requireVolume(world, idParam(req, 'volume_id')),
  {
    attach: (_, v, url) => attachVolumeCallback(v, url),
    update: (_, v, url) => updateVolumeCallback(v, url),
    remove: (_, v) => deleteVolumeCallback(v),
  },
);
