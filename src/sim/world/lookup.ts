/** Finding resources by id or name, with the service's 404 when they do not exist. */
import { type FlavorDef, findFlavor, findImage, type ImageDef } from '../catalog.js';
import type { World } from '../world.js';
import { notFound } from './errors.js';
import type {
  ClusterRecord,
  EnvRecord,
  FirewallRecord,
  KeypairRecord,
  ProfileRecord,
  SnapshotRecord,
  VmRecord,
} from './types.js';

export function envOf(world: World, envId: number): EnvRecord {
  const env = world.envs.get(envId);
  if (!env) throw new Error(`internal: environment ${envId} missing`);
  return env;
}

export function findEnvByName(world: World, name: string): EnvRecord | undefined {
  for (const env of world.envs.values()) if (env.name === name) return env;
  return undefined;
}

export function requireEnvByName(world: World, name: string): EnvRecord {
  const env = findEnvByName(world, name);
  if (!env) throw notFound(`Environment "${name}" not found.`);
  return env;
}

export function requireEnv(world: World, id: number): EnvRecord {
  const env = world.envs.get(id);
  if (!env) throw notFound(`Environment with id ${id} not found.`);
  return env;
}

export function findKeypairInEnv(world: World, envId: number, name: string): KeypairRecord | undefined {
  for (const k of world.keypairs.values()) if (k.envId === envId && k.name === name) return k;
  return undefined;
}

export function requireKeypairInEnv(world: World, env: EnvRecord, name: string): KeypairRecord {
  const k = findKeypairInEnv(world, env.id, name);
  if (!k) throw notFound(`Key pair "${name}" not found in environment "${env.name}".`);
  return k;
}

export function requireKeypair(world: World, id: number): KeypairRecord {
  const k = world.keypairs.get(id);
  if (!k) throw notFound(`Key pair with id ${id} not found.`);
  return k;
}

export function requireFlavor(env: EnvRecord, name: string): FlavorDef {
  const f = findFlavor(name, env.region);
  if (!f) throw notFound(`Flavor "${name}" not found in region ${env.region}.`);
  return f;
}

export function requireImage(env: EnvRecord, name: string): ImageDef {
  const i = findImage(name, env.region);
  if (!i) throw notFound(`Image "${name}" not found in region ${env.region}.`);
  return i;
}

export function requireVm(world: World, id: number): VmRecord {
  const vm = world.vms.get(id);
  if (!vm) throw notFound(`Virtual machine with id ${id} not found.`);
  return vm;
}

export function requireFirewall(world: World, id: number): FirewallRecord {
  const f = world.firewalls.get(id);
  if (!f) throw notFound(`Firewall with id ${id} not found.`);
  return f;
}

export function requireSnapshot(world: World, id: number): SnapshotRecord {
  const s = world.snapshots.get(id);
  if (!s) throw notFound(`Snapshot with id ${id} not found.`);
  return s;
}

export function requireProfile(world: World, id: number): ProfileRecord {
  const p = world.profiles.get(id);
  if (!p) throw notFound(`Profile with id ${id} not found.`);
  return p;
}

export function requireCluster(world: World, id: number): ClusterRecord {
  const c = world.clusters.get(id);
  if (!c) throw notFound(`Cluster with id ${id} not found.`);
  return c;
}
