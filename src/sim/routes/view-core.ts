/** JSON shapes of environments, key pairs, flavors, images, firewall rules and firewalls, as the service sends. */
import { displaySize, type FlavorDef, type ImageDef } from '../catalog.js';
import { envOf } from '../world/lookup.js';
import { inStock } from '../world/stock.js';
import { iso } from '../world/time.js';
import type { EnvRecord, FirewallRecord, KeypairRecord, RuleRecord } from '../world/types.js';
import type { World } from '../world.js';

export { iso };

export function envFeatures(env: EnvRecord) {
  return { network_optimised: env.region === 'CANADA-1', green_status: 'GREEN' };
}

export function envJson(env: EnvRecord) {
  return {
    id: env.id,
    name: env.name,
    region: env.region,
    created_at: iso(env.createdAt),
    features: envFeatures(env),
  };
}

/**
 * A key pair. `environment` is an OBJECT (the OpenAPI's Keypair_Environment_Fields), not the environment's name
 * that service-api.md shows.
 */
export function keypairJson(world: World, k: KeypairRecord) {
  const env = envOf(world, k.envId);
  return {
    id: k.id,
    name: k.name,
    environment: envJson(env),
    public_key: k.publicKey,
    fingerprint: k.fingerprint,
    created_at: iso(k.createdAt),
  };
}

export function ruleJson(r: RuleRecord) {
  return {
    id: r.id,
    direction: r.direction,
    protocol: r.protocol,
    port_range_min: r.portMin,
    port_range_max: r.portMax,
    ethertype: r.ethertype,
    remote_ip_prefix: r.remoteIpPrefix,
    status: r.status,
    created_at: iso(r.createdAt),
  };
}

/** A flavor as the instance/cluster objects embed it. */
export function flavorShort(f: FlavorDef) {
  return {
    id: f.id,
    name: f.name,
    cpu: f.cpu,
    ram: f.ram,
    disk: f.disk,
    ephemeral: f.ephemeral,
    gpu: f.gpu,
    gpu_count: f.gpuCount,
    labels: f.labels,
    features: { network_optimised: f.labels.some((l) => l.label === 'network_optimised') },
  };
}

export function flavorJson(world: World, f: FlavorDef) {
  return {
    ...flavorShort(f),
    display_name: f.displayName,
    region_name: f.region,
    stock_available: inStock(world, f),
    created_at: f.createdAt,
  };
}

export function imageJson(i: ImageDef) {
  return {
    id: i.id,
    name: i.name,
    region_name: i.region,
    type: i.type,
    version: i.version,
    size: i.size,
    display_size: displaySize(i.size),
    description: i.description,
    labels: i.labels,
    is_public: i.isPublic,
    // the document's FlavorRestrictions: the simulated images run on every flavor of their region
    flavor_restrictions: { has_flavor_restrictions: false, restriction_type: null, compatible_flavors: [] },
  };
}

export function firewallJson(world: World, fw: FirewallRecord, detail = true) {
  const env = envOf(world, fw.envId);
  const base = {
    id: fw.id,
    name: fw.name,
    description: fw.description,
    environment: { id: env.id, name: env.name, region: env.region },
    status: fw.status,
    created_at: iso(fw.createdAt),
  };
  if (!detail) return base;
  return {
    ...base,
    rules: fw.rules.map(ruleJson),
    attachments: fw.attachments.flatMap((a) => {
      const vm = world.vms.get(a.vmId);
      if (!vm) return [];
      return [
        {
          id: a.id,
          status: 'SUCCESS',
          created_at: iso(a.createdAt),
          vm: {
            id: vm.id,
            name: vm.name,
            flavor: vm.flavor.name,
            environment: env.name,
            status: vm.status,
            created_at: iso(vm.createdAt),
          },
        },
      ];
    }),
  };
}
