/** A volume's callback URL: attach, update, delete (/core/volumes/{volume_id}/…-callback). */
import type { RouteDef } from '../route.js';
import {
  attachVolumeCallback,
  deleteVolumeCallback,
  updateVolumeCallback,
} from '../world/volume-callbacks.js';
import { requireVolume } from '../world/volumes.js';
import { body, idParam, ok, reqStr } from './body.js';

export const volumeCallbackRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/core/volumes/:volume_id/attach-callback',
    mutation: true,
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const url = reqStr(body(req), 'url');
      attachVolumeCallback(v, url);
      return ok('Callback attached successfully.', { url });
    },
  },
  {
    method: 'PUT',
    path: '/core/volumes/:volume_id/update-callback',
    mutation: true,
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const url = reqStr(body(req), 'url');
      updateVolumeCallback(v, url);
      return ok('Callback updated successfully.', { url });
    },
  },
  {
    method: 'DELETE',
    path: '/core/volumes/:volume_id/delete-callback',
    mutation: true,
    handle: (req, world) => {
      deleteVolumeCallback(requireVolume(world, idParam(req, 'volume_id')));
      return ok('Callback deleted successfully.');
    },
  },
];
