/** A volume's callback URL: attach, update, delete (/core/volumes/{volume_id}/…-callback). */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import {
  attachVolumeCallback,
  deleteVolumeCallback,
  updateVolumeCallback,
} from '../world/volume-callbacks.js';
import { requireVolume } from '../world/volumes.js';
import { body, idParam, ok, reqStr } from './body.js';

export const volumeCallbackRoutes: RouteDef[] = [
  serve(op.Attach_callback_to_volume, {
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const url = reqStr(body(req), 'url');
      attachVolumeCallback(v, url);
      return ok('Callback attached successfully.', { url });
    },
  }),
  serve(op.Update_volume_callback, {
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const url = reqStr(body(req), 'url');
      updateVolumeCallback(v, url);
      return ok('Callback updated successfully.', { url });
    },
  }),
  serve(op.Delete_volume_callback, {
    handle: (req, world) => {
      deleteVolumeCallback(requireVolume(world, idParam(req, 'volume_id')));
      return ok('Callback deleted successfully.');
    },
  }),
];
