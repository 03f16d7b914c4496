/**
 * The regions opened later (RegionDef.addedLater, e.g. US-1), seeded from a random stream of their own so that
 * adding a region changed nothing of the older regions' demo data. Each gets its stock, an environment with a key
 * pair, and a small ACTIVE cluster whose two nodes are VMs (`cluster_id`, locked). Kept small: the default demo
 * list still fits one screen.
 */
import { kubernetesVersions, REGION_DEFS, type RegionDef } from '../catalog.js';
import type { Rng } from '../rng.js';
import { createCluster } from '../world/clusters.js';
import type { World } from '../world.js';
import { seededKey } from './sshkeys.js';
import { seedStock } from './stock.js';
import { DAY, HOUR } from './util.js';

/** "US-1" → "us". */
function slug(region: RegionDef): string {
  return region.name.toLowerCase().replace(/-\d+$/, '');
}

export function seedLateRegions(world: World, rng: Rng): void {
  const late = REGION_DEFS.filter((r) => r.addedLater);
  seedStock(
    world,
    rng,
    late.map((r) => r.name),
  );
  for (const region of late) seedRegion(world, rng, region);
}

function seedRegion(world: World, rng: Rng, region: RegionDef): void {
  const now = world.now();
  const s = slug(region);
  const envId = world.nextId('env');
  const env = { id: envId, name: `${s}-lab`, region: region.name, createdAt: now - 20 * DAY };
  world.envs.set(envId, env);
  const key = seededKey(rng, 'ed25519', `ops@${s}-lab`);
  const keypairId = world.nextId('keypair');
  world.keypairs.set(keypairId, {
    id: keypairId,
    name: `${s}-ops`,
    envId,
    publicKey: key.publicKey,
    fingerprint: key.fingerprint,
    createdAt: env.createdAt + HOUR,
  });
  createCluster(
    world,
    {
      name: `${s}-inference`,
      environmentName: env.name,
      keypairName: `${s}-ops`,
      kubernetesVersion: kubernetesVersions(region.name).at(-1)!,
      masterFlavorName: 'n1-cpu-medium',
      nodeFlavorName: 'n3-H100x1',
      nodeCount: 1,
    },
    { createdAt: now - 4 * DAY, willFail: false, ignoreStock: true },
  );
}
