/** JSON shapes of environments, key pairs, flavors, images, firewall rules and firewalls, as the service sends. */
import { displaySize, type FlavorDef, findFlavor, type ImageDef, requireRegionDef } from '../catalog.js';
import { envOf } from '../world/lookup.js';
import { inStock } from '../world/stock.js';
import { iso } from '../world/time.js';
import type { EnvRecord, FirewallRecord, KeypairRecord, RuleRecord, VmEvent } from '../world/types.js';
import type { World } from '../world.js';

export { iso };

/** Environment_Features: the region's fabric and its renewable-energy grade. */
export function envFeatures(env: EnvRecord) {
  const region = requireRegionDef(env.region);
  return { network_optimised: region.networkOptimised, green_status: region.greenStatus };
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
    // what the flavor cannot do, as the real service marks it
    features: {
      network_optimised: f.labels.some((l) => l.label === 'network_optimised'),
      no_hibernation: f.limits.noHibernation,
      no_snapshot: f.limits.noSnapshot,
      no_reboot: f.limits.noReboot,
      local_storage_only: f.limits.localStorageOnly,
    },
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

/** What every shape of an image opens with (the catalog's, a snapshot's custom image). */
export function imageHead(i: ImageDef) {
  return { id: i.id, name: i.name, region_name: i.region, type: i.type, version: i.version, size: i.size };
}

export function imageJson(i: ImageDef) {
  return {
    ...imageHead(i),
    display_size: displaySize(i.size),
    description: i.description,
    labels: i.labels,
    is_public: i.isPublic,
    flavor_restrictions: flavorRestrictionsJson(i),
  };
}

/** The document's FlavorRestrictions: none, or the flavors the image runs on (each a `hard` link). */
function flavorRestrictionsJson(i: ImageDef) {
  const r = i.restrictions;
  if (!r) return { has_flavor_restrictions: false, restriction_type: null, compatible_flavors: [] };
  return {
    has_flavor_restrictions: true,
    restriction_type: r.type,
    compatible_flavors: r.flavors.map((name) => ({
      flavor_id: findFlavor(name, i.region)?.id ?? null,
      flavor_name: name,
      link_type: r.type,
      reason: r.reason,
      constraints: {},
    })),
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

/** An event of a VM's or a snapshot's history, `object` naming what it happened to (`Instance/NAME`). */
export function eventJson(world: World, e: VmEvent, object: string) {
  return {
    time: iso(e.time),
    type: e.type,
    reason: e.reason,
    object,
    message: e.message,
    user_id: e.userId,
    org_id: world.org.id,
  };
}
