/** Environments: named groups of resources tied to one region. */
import { isRegion, REGIONS } from '../catalog.js';
import type { World } from '../world.js';
import { alreadyExists, invalid, notAllowed, requireDnsName } from './errors.js';
import { findEnvByName } from './lookup.js';
import type { EnvRecord } from './types.js';

function checkName(world: World, name: string, self?: EnvRecord): void {
  if (name.length === 0 || name.length > 50) throw invalid('name must be 1 to 50 characters long.');
  requireDnsName('Environment', 'name', name);
  const other = findEnvByName(world, name);
  if (other && other !== self) throw alreadyExists(`An environment named "${name}" already exists.`);
}

export function createEnv(world: World, name: string, region: string): EnvRecord {
  if (!isRegion(region)) throw invalid(`region must be one of ${REGIONS.join(', ')}; got "${region}".`);
  checkName(world, name);
  const env: EnvRecord = { id: world.nextId('env'), name, region, createdAt: world.now() };
  world.envs.set(env.id, env);
  return env;
}

export function renameEnv(world: World, env: EnvRecord, name: string): EnvRecord {
  checkName(world, name, env);
  env.name = name;
  return env;
}

/** Refused (405 not_allowed) while the environment still holds resources; the message lists them. */
export function deleteEnv(world: World, env: EnvRecord): void {
  const held: string[] = [];
  const count = (label: string, n: number) => {
    if (n > 0) held.push(`${n} ${label}${n === 1 ? '' : 's'}`);
  };
  let vms = 0;
  for (const vm of world.vms.values()) if (vm.envId === env.id) vms++;
  count('virtual machine', vms);
  count('cluster', [...world.clusters.values()].filter((c) => c.envId === env.id).length);
  count('key pair', [...world.keypairs.values()].filter((k) => k.envId === env.id).length);
  count('firewall', [...world.firewalls.values()].filter((f) => f.envId === env.id).length);
  count('volume', [...world.volumes.values()].filter((v) => v.envId === env.id).length);
  if (held.length > 0) {
    throw notAllowed(`Environment "${env.name}" still contains ${held.join(', ')}. Delete them first.`);
  }
  world.envs.delete(env.id);
}
