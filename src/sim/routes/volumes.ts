/** GET /core/volumes (Volumes): every volume, paginated and searchable like the VM list. */
import type { RouteDef } from '../route.js';
import { envOf } from '../world/lookup.js';
import type { VolumeRecord } from '../world/types.js';
import type { World } from '../world.js';
import { ok, pageFields, paginate } from './body.js';
import { envFeatures, iso } from './view-core.js';

function volumeJson(world: World, v: VolumeRecord) {
  const env = envOf(world, v.envId);
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    status: v.vmId === null ? 'available' : 'in-use',
    volume_type: v.volumeType,
    size: v.size,
    bootable: v.bootable,
    image_id: null,
    callback_url: null,
    environment: { name: env.name, region: env.region, features: envFeatures(env) },
    attachments:
      v.vmId === null
        ? []
        : [
            {
              id: v.id + 100_000,
              instance_id: v.vmId,
              device: v.device,
              status: 'ATTACHED',
              protected: v.bootable,
            },
          ],
    created_at: iso(v.createdAt),
    updated_at: iso(v.attachedAt ?? v.createdAt),
  };
}

export const volumeRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/volumes',
    mutation: false,
    handle: (req, world) => {
      const q = req.query.get('search')?.toLowerCase();
      const envName = req.query.get('environment');
      const all = [...world.volumes.values()].filter(
        (v) =>
          (!q || v.name.toLowerCase().includes(q)) && (!envName || envOf(world, v.envId).name === envName),
      );
      const page = paginate(req, all);
      return ok('Getting volumes successful', {
        volumes: page.items.map((v) => volumeJson(world, v)),
        ...pageFields(page),
      });
    },
  },
];
