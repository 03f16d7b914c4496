import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compareVersionsDesc,
  createClusterForm,
  DOCKER_REASON,
  openCreateCluster,
  versionsIn,
} from '../../screens/forms/cluster-create.js';
import type { Cluster, ClusterVersion } from '../../src/api/schemas/cluster.js';
import type { FormData } from '../../src/store/actions/form-data.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { FormDriver, type FormEnv, formEnv, loadAll, refuseEveryField } from './forms-harness.js';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

const clusterCount = () => env.sc.sim.world.clusters.size;
const clusterNamed = (name: string) => [...env.sc.sim.world.clusters.values()].find((c) => c.name === name);

async function clusterForm(
  opts: Parameters<typeof createClusterForm>[1] = {},
  tweak?: (d: FormData) => FormData,
) {
  const loaded = await loadAll(env);
  const data = tweak ? tweak(loaded) : loaded;
  return { data, d: new FormDriver(createClusterForm({ deps: env.deps, data }, opts)) };
}

function fillValid(d: FormDriver, name: string) {
  d.fill('name', name);
  d.choose('environment', 'prod-canada');
  d.choose('keypair', 'ci-deploy');
  d.choose('master_flavor', 'n1-cpu-medium');
  d.choose('node_flavor', 'n3-L40x1');
}

describe('Create cluster: names', () => {
  it('refuses uppercase and underscores live, as they are typed', async () => {
    const { d } = await clusterForm();
    d.focus('name');
    d.type('train');
    expect(d.errors().name).toBeUndefined();
    d.type('K');
    expect(d.shown('name')).toBe('uppercase "K" is not allowed: use lowercase ("k")');
    d.key('backspace');
    expect(d.errors().name).toBeUndefined();
    d.type('_');
    expect(d.shown('name')).toBe(
      '"_" (underscore) is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    d.key('backspace');
    d.type(' ');
    expect(d.shown('name')).toBe(
      'a space is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    d.key('backspace');
    d.type('.');
    expect(d.shown('name')).toMatch(/^"\." \(dot\) is not allowed/);
    d.key('backspace');
    d.type('-2');
    expect(d.errors().name).toBeUndefined();
    expect(d.state.values.name).toBe('train-2');
  });

  it('counts to 20 characters (the service refuses a longer cluster name)', async () => {
    const { d } = await clusterForm();
    d.focus('name');
    for (let i = 1; i <= 21; i++) {
      d.type('a');
      if (i <= 20) expect(d.errors().name).toBeUndefined();
    }
    expect(d.shown('name')).toBe('at most 20 characters (21)');
    expect(d.spec.fields.find((f) => f.id === 'name')).toMatchObject({ maxLength: 20, counter: true });
  });

  it('refuses a name a cluster already has', async () => {
    const { d, data } = await clusterForm();
    const taken = data.clusters?.[0]?.name ?? '';
    expect(taken).not.toBe('');
    d.fill('name', taken);
    expect(d.shown('name')).toBe(`a cluster named ${taken} already exists`);
  });

  it('an environment whose name is not lowercase letters, digits and hyphens is shown but refused', async () => {
    const { d } = await clusterForm({}, (data) => ({
      ...data,
      environments: [
        ...(data.environments ?? []),
        { id: 9001, name: 'Legacy_Env', region: 'NORWAY-1', created_at: null },
      ],
    }));
    const legacy = d.options('environment').find((o) => o.value === 'Legacy_Env');
    expect(legacy?.disabled).toBe(
      'not usable for clusters: its name is not lowercase letters, digits and hyphens',
    );
    d.choose('environment', 'Legacy_Env');
    expect(d.state.notice?.text).toBe(
      'Legacy_Env is not usable for clusters: its name is not lowercase letters, digits and hyphens',
    );
    expect(d.state.values.environment).toBeUndefined();
  });
});

describe('Create cluster: choices', () => {
  it('master flavors are the CPU-only ones of the region only', async () => {
    const { d } = await clusterForm();
    expect(d.options('master_flavor')).toEqual([]);
    d.choose('environment', 'research-norway');
    expect(d.options('master_flavor').map((o) => o.value)).toEqual([
      'n1-cpu-small',
      'n1-cpu-medium',
      'n1-cpu-large',
    ]);
    expect(d.options('master_flavor')[0]?.hint).toMatch(
      /^\$0\.0\d+\/h · CPU only · 4 CPU · 4 GB RAM · 100 GB disk$/,
    );
  });

  it('the service’s master-flavor list narrows the master flavors (the CPU-only ones of the region it names)', async () => {
    const { d } = await clusterForm({}, (data) => ({
      ...data,
      'cluster-master-flavors': [{ name: 'n1-cpu-large' }, { name: 'n3-L40x1' }] as never,
    }));
    d.choose('environment', 'research-norway');
    // n3-L40x1 has a GPU: never a master, whatever the list says
    expect(d.options('master_flavor').map((o) => o.value)).toEqual(['n1-cpu-large']);
  });

  it('master count: empty or 2–3; 1 refused live, 4 not taken; 3 is sent and the cluster has 3 masters', async () => {
    const { d } = await clusterForm();
    fillValid(d, 'k8s-masters');
    d.fill('master_count', '1');
    expect(d.shown('master_count')).toBe('at least 2');
    d.fill('master_count', '4');
    // past the maximum the key is not taken: the field never holds 4
    expect(d.state.values.master_count).not.toBe(4);
    d.fill('master_count', '3');
    expect(d.errors().master_count).toBeUndefined();
    expect(await d.submit()).toBe('done');
    expect(clusterNamed('k8s-masters')?.masterCount).toBe(3);
  });

  it('node flavors are every flavor of the region, with stock; the sold-out one is refused', async () => {
    const { d } = await clusterForm();
    d.choose('environment', 'research-norway');
    const nodes = d.options('node_flavor');
    expect(nodes.map((o) => o.value)).toContain('n3-RTX-A6000x1');
    expect(nodes.map((o) => o.value)).not.toContain('n3-L40x1');
    expect(nodes.find((o) => o.value === 'n3-A100x1')?.hint).toMatch(
      /^\$1\.35\/h · stock: \d+ nodes? · 1× A100-80G-PCIe/,
    );
    d.choose('node_flavor', 'n3-H100x8');
    expect(d.state.notice?.text).toBe('n3-H100x8 is out of stock in NORWAY-1');
    expect(d.state.values.node_flavor).toBeUndefined();
  });

  it('images "with Docker" are never chosen: listed last as refused, refused when typed', async () => {
    const { d } = await clusterForm();
    d.choose('environment', 'prod-canada');
    const images = d.options('image');
    const usable = images.filter((o) => !o.disabled).map((o) => o.value);
    const refused = images.filter((o) => o.disabled);
    expect(usable.some((n) => n.endsWith('with Docker'))).toBe(false);
    expect(refused.map((o) => o.value)).toEqual([
      'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker',
      'Ubuntu Server 24.04 LTS R550 CUDA 12.4 with Docker',
    ]);
    expect(refused.every((o) => o.disabled === DOCKER_REASON)).toBe(true);
    expect(images.slice(-2)).toEqual(refused);
    // typed: the filter finds only refused images; Enter says why and chooses nothing
    d.focus('image');
    d.type('Docker');
    expect(d.state.list?.query).toBe('Docker');
    d.key('enter');
    expect(d.state.notice?.text).toBe(
      `Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker is ${DOCKER_REASON}`,
    );
    expect(d.state.values.image).toBeUndefined();
    // the image is optional: empty is fine
    expect(d.errors().image).toBeUndefined();
  });

  it('Kubernetes versions come from the versions endpoint, newest first and chosen', async () => {
    const { d } = await clusterForm();
    const versions = await env.api.clusters.versions();
    expect(d.options('version').map((o) => o.value)).toEqual([...versions].sort(compareVersionsDesc));
    expect(d.state.values.version).toBe('1.30.2');
    expect(compareVersionsDesc('1.9.0', '1.10.1')).toBeGreaterThan(0);
  });

  it('offers only the versions of the environment’s region; another region drops a version it lacks', async () => {
    const { d } = await clusterForm();
    d.choose('environment', 'prod-canada');
    expect(d.options('version').map((o) => o.value)).toEqual(['1.30.2', '1.29.4', '1.28.10', '1.27.8']);
    d.choose('version', '1.27.8');
    d.choose('environment', 'us-lab');
    expect(d.options('version').map((o) => o.value)).toEqual(['1.30.2', '1.29.4']);
    expect(d.state.values.version).toBeUndefined();
    expect(d.shown('version')).toBe('required');
    d.choose('version', '1.29.4');
    expect(d.errors().version).toBeUndefined();
  });

  it('versionsIn: a version that names no region fits every region; each version once, newest first', () => {
    const all = [
      { version: '1.29.4', region: 'US-1' },
      { version: '1.29.4', region: 'CANADA-1' },
      { version: '1.31.0', region: null },
      { version: '1.27.8', region: 'CANADA-1' },
    ];
    expect(versionsIn(all, 'US-1')).toEqual(['1.31.0', '1.29.4']);
    expect(versionsIn(all, 'CANADA-1')).toEqual(['1.31.0', '1.29.4', '1.27.8']);
    expect(versionsIn(all, undefined)).toEqual(['1.31.0', '1.29.4', '1.27.8']);
  });

  it('says it is beta, takes 5–20 minutes, and that many concurrent creations may be slow or fail', async () => {
    const { d } = await clusterForm();
    const notes = (d.spec.notes ?? []).join('\n');
    expect(notes).toMatch(/beta/);
    expect(notes).toMatch(/5–20 minutes/);
    expect(notes).toMatch(/concurrent creations may be slow or fail/);
  });

  it('key pairs are those of the environment; none → the field says so', async () => {
    await env.api.environments.create({ name: 'bare', region: 'CANADA-1' });
    const { d } = await clusterForm();
    d.choose('environment', 'prod-canada');
    expect(d.options('keypair').map((o) => o.label)).toEqual([
      'ci-deploy',
      'ops-bastion',
      '＋ import a key pair…',
    ]);
    d.choose('environment', 'bare');
    expect(d.errors().keypair).toBe('no key pair in bare: choose "＋ import a key pair…" to import one');
  });

  it('the summary gives the master and the workers and their cost per hour', async () => {
    const { d } = await clusterForm();
    fillValid(d, 'sum');
    d.focus('node_count');
    d.key('backspace');
    d.type('3');
    expect(d.spec.summary?.(d.state.values)).toMatch(
      /^1 master n1-cpu-medium \+ 3 × n3-L40x1 workers in CANADA-1 \(prod-canada\) · ≈ \$3\.0\d+\/h for the nodes$/,
    );
  });
});

describe('Create cluster: the service refusing fields', () => {
  it('every name the cluster creation sends lands under its field, none on the form line', async () => {
    await env.close();
    env = await formEnv({ routes: refuseEveryField });
    const { d } = await clusterForm();
    fillValid(d, 'every-field');
    d.choose('image', 'Ubuntu Server 22.04 LTS');
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceFieldErrors).toEqual({
      name: 'name refused',
      environment: 'environment_name refused',
      keypair: 'keypair_name refused',
      version: 'kubernetes_version refused',
      master_flavor: 'master_flavor_name refused',
      node_flavor: 'node_flavor_name refused',
      node_count: 'node_count refused',
      image: 'image_name refused',
    });
    expect(d.state.serviceError).toBeUndefined();
  });
});

describe('Create cluster: submit', () => {
  it('double Enter creates one cluster, CREATING at once in the list', async () => {
    const created: Cluster[] = [];
    const { d } = await clusterForm({ onCreated: (c) => created.push(c) });
    fillValid(d, 'k8s-one');
    d.choose('image', 'Ubuntu Server 22.04 LTS');
    d.focus('node_count');
    d.key('backspace');
    d.type('2');
    d.focus(SUBMIT_ROW);
    const before = clusterCount();
    d.key('enter');
    d.key('enter');
    expect(d.outcomes).toHaveLength(1);
    expect(await d.outcomes[0]).toBe('done');
    expect(clusterCount()).toBe(before + 1);
    const c = clusterNamed('k8s-one');
    expect(c).toMatchObject({
      kubernetesVersion: '1.30.2',
      nodeCount: 2,
      keypairName: 'ci-deploy',
      imageName: 'Ubuntu Server 22.04 LTS',
    });
    expect(c?.masterFlavor.name).toBe('n1-cpu-medium');
    expect(created.map((x) => x.name)).toEqual(['k8s-one']);
    const inList = ((env.store.getState().slices.clusters?.data ?? []) as Cluster[]).find(
      (x) => x.name === 'k8s-one',
    );
    expect(inList?.status).toBe('CREATING');
  });

  it('a name taken meanwhile (409) keeps the form and everything in it', async () => {
    const { d } = await clusterForm();
    fillValid(d, 'taken-k8s');
    await env.api.clusters.create({
      name: 'taken-k8s',
      environment_name: 'prod-canada',
      keypair_name: 'ci-deploy',
      kubernetes_version: '1.30.2',
      master_flavor_name: 'n1-cpu-small',
      node_flavor_name: 'n1-cpu-small',
      node_count: 1,
    });
    const values = d.state.values;
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceError).toMatch(/already exists/);
    expect(d.state.values).toEqual(values);
    expect(d.closed).toBe(false);
  });

  it('openCreateCluster loads the versions and opens the form', async () => {
    await openCreateCluster(env.deps);
    const modal = env.store.getState().modal as unknown as { kind: string; spec: FormSpec };
    expect(modal.kind).toBe('form');
    expect(modal.spec.title).toBe('Create Kubernetes cluster (beta)');
    // every version with its region (the form offers those of the environment's region)
    const loaded = (env.store.getState().slices['cluster-versions']?.data ?? []) as ClusterVersion[];
    expect(new Set(loaded.map((v) => v.version))).toEqual(new Set(['1.27.8', '1.28.10', '1.29.4', '1.30.2']));
    expect(
      loaded
        .filter((v) => v.region === 'US-1')
        .map((v) => v.version)
        .sort(),
    ).toEqual(['1.29.4', '1.30.2']);
  });
});
