/**
 * Every read the simulator serves (its GET routes that change nothing), each placeholder filled with ids of a
 * seeded world (a few of each: the first, and the ones a seed step marks: a contract's VM, the snapshot in progress,
 * a cluster's node VM, the custom image …), so a test can ask a world everything it would show.
 */
import { routes } from '../../src/sim/routes/index.js';
import type { World } from '../../src/sim/world.js';

export interface Read {
  op: string;
  /** Below /v1, placeholders filled, and the query a read needs to be answered (none for most). */
  path: string;
}

/** The query without which a read is refused. */
const QUERY: Record<string, string> = { retrieveBucketEndpoint: '?region=CANADA-1' };

const pick = <T>(xs: readonly T[]): T[] =>
  [...new Set([xs[0], xs[Math.floor(xs.length / 2)], xs.at(-1)])].filter((x) => x !== undefined) as T[];

/** Values for each placeholder, by its name or (for `:id`) the segment before it. */
function valuesOf(world: World): Record<string, string[]> {
  const vms = [...world.vms.values()];
  const marked = [
    vms[0],
    vms.find((v) => v.contractId !== null),
    vms.find((v) => v.snapshotting),
    vms.find((v) => v.clusterId !== null),
    vms.at(-1),
  ].flatMap((v) => (v ? [String(v.id)] : []));
  const ids = (m: Iterable<{ id: number }>) => [...m].map((x) => String(x.id));
  const clusters = [...world.clusters.values()];
  const envs = ids(world.envs.values());
  return {
    vm_id: [...new Set(marked)],
    volume_id: pick(ids(world.volumes.values())),
    snapshot_id: ids(world.snapshots.values()),
    cluster_id: ids(clusters),
    node_group_id: clusters.flatMap((c) => c.groups.map((g) => String(g.id))).slice(0, 3),
    contract_id: ids(world.contracts.values()),
    bucket_id: pick(ids(world.buckets.values())),
    bucket_name: pick([...world.buckets.values()].map((b) => b.name)),
    job_id: ['5001'],
    name: ['scratch', 'golden-cuda-12', 'llm-train-1', 'no-such-name'],
    resource_type: ['instance', 'volume', 'cluster'],
    // and the sandbox, whose subnet the account's seed makes small (its VM quota)
    environments: [...pick(envs), ...envs.filter((_, i) => i === 4)],
    firewalls: ids(world.firewalls.values()),
    snapshots: ids(world.snapshots.values()),
    profiles: pick(ids(world.profiles.values())),
    clusters: ids(clusters),
    // the last: the custom image made of the golden snapshot
    images: pick(world.images.map((i) => String(i.id))),
    roles: ids(world.roles.values()),
    users: pick(world.org.members.map((m) => String(m.id))),
    // the calculator's `:id` is of the resource_type's kind: a VM's ids answer `instance`, the others refuse
    resource: [...new Set(marked)].slice(0, 2),
  };
}

/** Every read of the simulator with the ids of `world` (a whole seeded one). */
export function everyRead(world: World): Read[] {
  const values = valuesOf(world);
  const out: Read[] = [];
  for (const r of routes) {
    if (r.method !== 'GET' || r.mutation || !r.op) continue;
    const segments = r.path.split('/');
    let paths = [''];
    for (let i = 1; i < segments.length; i++) {
      const seg = segments[i]!;
      // `:id` is of the kind the segment before names (the calculator's, of its resource_type)
      const kind =
        seg.slice(1) !== 'id' ? seg.slice(1) : r.path.includes('/calculate/') ? 'resource' : segments[i - 1]!;
      const choices = seg.startsWith(':') ? (values[kind] ?? []) : [seg];
      paths = paths.flatMap((p) => choices.map((c) => `${p}/${encodeURIComponent(c)}`));
    }
    for (const path of paths) out.push({ op: r.op, path: path + (QUERY[r.op] ?? '') });
  }
  return out;
}
