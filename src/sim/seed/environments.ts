/** Environments in both regions, each with one or two imported SSH key pairs. */
import type { Region } from '../catalog.js';
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import { seededKey } from './sshkeys.js';
import { DAY, HOUR } from './util.js';

const ENVS: [name: string, region: Region, ageDays: number][] = [
  ['research-norway', 'NORWAY-1', 400],
  ['prod-canada', 'CANADA-1', 380],
  ['staging-canada', 'CANADA-1', 210],
  ['ml-training', 'NORWAY-1', 150],
  ['sandbox', 'CANADA-1', 30],
];

const KEYS: [env: string, name: string, type: 'ed25519' | 'rsa', comment: string][] = [
  ['research-norway', 'alice-laptop', 'ed25519', 'alice@thinkpad-x1'],
  ['research-norway', 'bob-workstation', 'rsa', 'bob@ws-lindqvist'],
  ['prod-canada', 'ci-deploy', 'ed25519', 'gitlab-runner@ci'],
  ['prod-canada', 'ops-bastion', 'rsa', 'ops@bastion-01'],
  ['staging-canada', 'alice-laptop', 'ed25519', 'alice@thinkpad-x1'],
  ['ml-training', 'training-bot', 'ed25519', 'trainer@northwind'],
  ['sandbox', 'chen-macbook', 'ed25519', 'chen@MacBook-Pro.local'],
];

export function seedEnvironments(world: World, rng: Rng): void {
  const now = world.now();
  for (const [name, region, ageDays] of ENVS) {
    const id = world.nextId('env');
    world.envs.set(id, { id, name, region, createdAt: now - ageDays * DAY - rng.int(0, 23) * HOUR });
  }
  const byName = new Map([...world.envs.values()].map((e) => [e.name, e]));
  for (const [envName, name, type, comment] of KEYS) {
    const env = byName.get(envName)!;
    const key = seededKey(rng, type, comment);
    const id = world.nextId('keypair');
    world.keypairs.set(id, {
      id,
      name,
      envId: env.id,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
      createdAt: env.createdAt + rng.int(1, 20) * HOUR,
    });
  }
}
