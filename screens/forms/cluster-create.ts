/**
 * "Create cluster" (Clusters screen, c; beta): name and environment (lowercase letters, digits and hyphens,
 * checked live), key pair (or import one), Kubernetes version (from the versions endpoint, newest first), master
 * flavor (CPU-only flavors the master-flavors endpoint lists), master count (2–3, optional), node flavor (with stock; sold out refused), node count, and an optional image
 * (images "with Docker" are not supported for clusters: shown last, refused).
 */
import type { Cluster, ClusterCreateInput, ClusterVersion } from '../../src/api/schemas/cluster.js';
import type { Flavor } from '../../src/api/schemas/flavor.js';
import { EXPECTED_MAX_MINUTES, EXPECTED_MIN_MINUTES, STUCK_MINUTES } from '../../src/domain/cluster.js';
import { perHour } from '../../src/domain/format.js';
import { CLUSTER_NAME_MAX, isDnsName } from '../../src/domain/names.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { followCluster } from '../../src/store/actions/follow-kinds.js';
import {
  envNamed,
  type FormContext,
  type FormData,
  flavorsIn,
  imagesIn,
  loadFormData,
} from '../../src/store/actions/form-data.js';
import { addToList } from '../../src/store/actions/list-update.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';
import { dnsNameField } from './dns-name-field.js';
import { flavorField } from './flavor-field.js';
import { inlineImporter, inlineImportFields, type KeypairChoice, keypairField } from './keypair-import.js';
import { IMPORT_KEY_FIELDS, serviceFieldsByRequest } from './service-fields.js';

/**
 * Most worker nodes. The OpenAPI gives `node_count` no maximum but caps a node group at 20 (`max_count`), and the
 * service refuses more than 20 ("node_count must be between 1 and 20" in the simulator, which answers as it does).
 */
export const CLUSTER_NODES_MAX = 20;

/** The suffix of images that clusters refuse (spec §2, §4). */
export const DOCKER_SUFFIX = 'with Docker';
/** Why a "with Docker" image is refused; the form says "<image> is not supported for clusters …". */
export const DOCKER_REASON = 'not supported for clusters ("with Docker")';

/** The OpenAPI's bounds of `master_count` when sent; absent, the service makes one master. */
export const MASTERS_MIN = 2;
export const MASTERS_MAX = 3;

function mastersOf(v: number | undefined): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= MASTERS_MIN && v <= MASTERS_MAX ? v : 1;
}

/** CPU-only: no GPU. The only flavors a master node may use (spec §8). */
export function isCpuOnly(f: Flavor): boolean {
  return !f.gpu_count && !f.gpu;
}

/** "1.30.2" > "1.29.4" > "1.9.0": newest first. */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split(/[.-]/);
  const pb = b.replace(/^v/, '').split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const nx = Number(x);
    const ny = Number(y);
    const d = Number.isNaN(nx) || Number.isNaN(ny) ? y.localeCompare(x) : ny - nx;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The versions a cluster in `region` can be created with, newest first, each once: those of the region and those
 * that name no region. Without a region (no environment chosen yet), every version.
 */
export function versionsIn(all: readonly ClusterVersion[], region: string | undefined): string[] {
  const fits = (v: ClusterVersion) => !region || v.region == null || v.region === region;
  return [...new Set(all.filter(fits).map((v) => v.version))].sort(compareVersionsDesc);
}

export interface CreateClusterOptions {
  environment?: string | undefined;
  /** Called with the cluster the service started creating (status CREATING). */
  onCreated?: (cluster: Cluster) => void;
}

/** The form's values, by field id. */
type ClusterValues = KeypairChoice & {
  name: string;
  environment: string | undefined;
  version: string | undefined;
  master_flavor: string | undefined;
  master_count: number | undefined;
  node_flavor: string | undefined;
  node_count: number | undefined;
  image: string | undefined;
};

/** "Create cluster", with the choices of `ctx.data`. */
export function createClusterForm(
  ctx: FormContext,
  opts: CreateClusterOptions = {},
): FormSpec<ClusterValues> {
  const { data, deps } = ctx;
  const prices = priceMap(data.pricebook);
  const envs = data.environments ?? [];
  const allVersions = data['cluster-versions'] ?? [];
  const envOf = (values: ClusterValues) => envNamed(data, values.environment)?.name;
  const regionOf = (values: ClusterValues) => envNamed(data, values.environment)?.region;
  const importKey = inlineImporter(deps);
  const usableEnvs = envs.filter((e) => isDnsName(e.name));
  const initialEnv =
    opts.environment && usableEnvs.some((e) => e.name === opts.environment)
      ? opts.environment
      : usableEnvs.length === 1
        ? usableEnvs[0]?.name
        : undefined;
  const existing = () => readData(deps.store, 'clusters') ?? data.clusters ?? [];
  // the service's list of master flavors when it gave one; else every CPU-only flavor
  const masterNames = data['cluster-master-flavors']?.length
    ? new Set(data['cluster-master-flavors'].flatMap((f) => (f.name ? [f.name] : [])))
    : undefined;

  return {
    title: 'Create Kubernetes cluster (beta)',
    notes: [
      'Kubernetes clusters are a beta feature.',
      `Creation takes about ${EXPECTED_MIN_MINUTES}–${EXPECTED_MAX_MINUTES} minutes; one not ACTIVE after ${STUCK_MINUTES} minutes is to be deleted and created again.`,
      'Many concurrent creations may be slow or fail. Node groups can be added and scaled once it is ACTIVE.',
    ],
    fields: [
      dnsNameField({
        max: CLUSTER_NAME_MAX,
        placeholder: 'e.g. train-k8s',
        help: `Only lowercase letters, digits and hyphens; at most ${CLUSTER_NAME_MAX} characters.`,
        taken: (name) =>
          existing().some((c) => c.name === name) ? `a cluster named ${name} already exists` : undefined,
      }),
      {
        id: 'environment',
        kind: 'select',
        label: 'Environment',
        help: 'Clusters need an environment named with lowercase letters, digits and hyphens only.',
        options: () =>
          envs.map((e): FieldOption => {
            const o: FieldOption = { label: e.name, value: e.name, hint: e.region };
            if (!isDnsName(e.name))
              o.disabled = 'not usable for clusters: its name is not lowercase letters, digits and hyphens';
            return o;
          }),
      },
      keypairField(ctx, envOf),
      ...inlineImportFields(ctx, envOf),
      {
        id: 'version',
        kind: 'select',
        label: 'Kubernetes',
        help: "The versions the service offers in the environment's region, newest first.",
        options: (values) =>
          versionsIn(allVersions, regionOf(values)).map((v, i) =>
            i === 0 ? { label: v, value: v, hint: 'newest' } : { label: v, value: v },
          ),
      },
      flavorField({
        id: 'master_flavor',
        label: 'Master flavor',
        help: 'Master nodes run on CPU-only flavors (those the service lists for masters).',
        data,
        prices,
        regionOf,
        only: (f) => isCpuOnly(f) && (!masterNames || masterNames.has(f.name)),
      }),
      {
        id: 'master_count',
        kind: 'number',
        label: 'Master nodes',
        min: MASTERS_MIN,
        max: MASTERS_MAX,
        integer: true,
        required: false,
        help: `Optional: ${MASTERS_MIN} or ${MASTERS_MAX} for a highly available control plane; empty lets the service make one.`,
      },
      flavorField({
        id: 'node_flavor',
        label: 'Node flavor',
        help: 'The flavor of every worker node: GPU × count · CPU · RAM · disk · price per hour · stock.',
        data,
        prices,
        regionOf,
      }),
      {
        id: 'node_count',
        kind: 'number',
        label: 'Worker nodes',
        min: 1,
        max: CLUSTER_NODES_MAX,
        integer: true,
        help: `At most ${CLUSTER_NODES_MAX}, in the first node group ("workers"); more groups and nodes can be added later.`,
      },
      imageField(data, regionOf),
    ],
    initial: {
      name: '',
      environment: initialEnv,
      keypair: undefined,
      new_key_name: '',
      public_key: '',
      version: versionsIn(allVersions, envNamed(data, initialEnv)?.region)[0],
      master_flavor: undefined,
      master_count: undefined,
      node_flavor: undefined,
      node_count: 1,
      image: undefined,
    },
    summary: clusterSummary(data, prices),
    submitLabel: 'Create',
    // The body's names (ClusterCreateInput) that differ from the field ids; the key import's own.
    serviceFields: serviceFieldsByRequest(
      {
        environment_name: 'environment',
        keypair_name: 'keypair',
        kubernetes_version: 'version',
        master_flavor_name: 'master_flavor',
        node_flavor_name: 'node_flavor',
        image_name: 'image',
      },
      { '/core/keypairs': IMPORT_KEY_FIELDS },
    ),
    onSubmit: submitCluster(deps, importKey, opts),
  };
}

/** The optional image: empty lets the service choose; those "with Docker" are listed last and refused. */
const imageField = (
  data: FormData,
  regionOf: (values: ClusterValues) => string | undefined,
): FieldSpec<ClusterValues> => ({
  id: 'image',
  kind: 'select',
  label: 'Image',
  required: false,
  help: 'Optional: empty lets the service choose its default. Images "with Docker" are not supported.',
  options: (values) => {
    const images = imagesIn(data, regionOf(values));
    const ok = images.filter((i) => !i.name.endsWith(DOCKER_SUFFIX));
    const docker = images.filter((i) => i.name.endsWith(DOCKER_SUFFIX));
    return [
      ...ok.map((i) => ({ label: i.name, value: i.name })),
      ...docker.map((i) => ({ label: i.name, value: i.name, disabled: DOCKER_REASON })),
    ];
  },
  validate: (v) => (v?.endsWith(DOCKER_SUFFIX) ? `${v} is ${DOCKER_REASON}` : undefined),
});

/** The form's line under its fields: the masters and workers chosen, where, and their price per hour. */
const clusterSummary =
  (data: FormData, prices: ReturnType<typeof priceMap>) =>
  (values: ClusterValues): string | undefined => {
    const env = envNamed(data, values.environment);
    if (!env) return undefined;
    const all = flavorsIn(data, env.region);
    const master = all.find((f) => f.name === values.master_flavor);
    const node = all.find((f) => f.name === values.node_flavor);
    const c = values.node_count;
    const n = c !== undefined && Number.isInteger(c) && c >= 1 && c <= CLUSTER_NODES_MAX ? c : 1;
    const m = mastersOf(values.master_count);
    const parts = [
      master
        ? `${m} master${m === 1 ? '' : 's'} ${master.name}`
        : `${m === 1 ? 'a master' : `${m} masters`} (choose the flavor)`,
      node
        ? `${n} × ${node.name} worker${n === 1 ? '' : 's'}`
        : `${n} worker${n === 1 ? '' : 's'} (choose a flavor)`,
    ];
    const head = `${parts.join(' + ')} in ${env.region} (${env.name})`;
    if (!master || !node) return head;
    const pm = flavorHourly(master, prices);
    const pn = flavorHourly(node, prices);
    if (pm === undefined || pn === undefined) return `${head} · price unknown (not in the pricebook)`;
    return `${head} · ≈ ${perHour(Math.round((pm * m + pn * n) * 10_000) / 10_000)} for the nodes`;
  };

/** Sends the cluster (importing the key first when one is pasted), then follows it until it is ACTIVE. */
const submitCluster =
  (deps: ActionDeps, importKey: ReturnType<typeof inlineImporter>, opts: CreateClusterOptions) =>
  async (values: ClusterValues): Promise<void> => {
    const { name } = values;
    const env = values.environment ?? '';
    const image = values.image ?? '';
    if (image.endsWith(DOCKER_SUFFIX)) throw new Error(`${image} is ${DOCKER_REASON}`);
    const keyName = await importKey(values, env);
    const body: ClusterCreateInput = {
      name,
      environment_name: env,
      keypair_name: keyName,
      kubernetes_version: values.version ?? '',
      master_flavor_name: values.master_flavor ?? '',
      node_flavor_name: values.node_flavor ?? '',
      node_count: values.node_count ?? 1,
    };
    if (image) body.image_name = image;
    if (values.master_count !== undefined) body.master_count = values.master_count;
    const cluster = await mutate(deps, (api) => api.clusters.create(body), {
      doing: `Creating cluster ${name}`,
      done: `Cluster ${name} CREATING: about ${EXPECTED_MIN_MINUTES}–${EXPECTED_MAX_MINUTES} minutes, followed on the Clusters screen`,
      verify: ['clusters'],
    });
    addToList(deps.store, 'clusters', [cluster]);
    opts.onCreated?.(cluster);
    followCluster(deps, cluster);
    await deps.poller.refreshAfter('clusters').catch(() => {});
  };

/** Opens "Create cluster" (refused in read-only mode; loads the lists it chooses from first). */
export async function openCreateCluster(deps: ActionDeps, opts: CreateClusterOptions = {}): Promise<void> {
  const data = await loadFormData(
    deps,
    ['environments', 'keypairs', 'images', 'flavors', 'cluster-versions'],
    ['stocks', 'pricebook', 'clusters', 'cluster-master-flavors'],
    { title: 'Create Kubernetes cluster' },
  );
  if (!data) return;
  if ((data.environments ?? []).length === 0) {
    ui.say(deps.store, 'no environment yet: create one first (E on the Keys screen)', 'error');
    return;
  }
  if ((data['cluster-versions'] ?? []).length === 0) {
    ui.say(deps.store, 'the service offers no Kubernetes version: cannot create a cluster now', 'error');
    return;
  }
  ui.openForm(deps.store, createClusterForm({ deps, data }, opts));
}
