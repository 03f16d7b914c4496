import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, type WorldOptions } from '../../src/sim/world.js';
import { directSim } from '../support/sim-direct.js';

function sim(opts: WorldOptions = {}) {
  const { clock, world, call, fail } = directSim(opts);
  const cluster = (id: number) => call('GET', '/core/clusters/:id', { id: String(id) }).body.cluster;
  const events = (id: number): any[] =>
    call('GET', '/core/clusters/:id/events', { id: String(id) }).body.cluster_events;
  return { clock, world, call, fail, cluster, events };
}

const CREATE = {
  name: 'llm-serving',
  environment_name: 'prod-canada',
  keypair_name: 'ci-deploy',
  kubernetes_version: '1.29.4',
  master_flavor_name: 'n1-cpu-medium',
  node_flavor_name: 'n1-cpu-large',
  node_count: 2,
};

describe('GET /core/clusters/versions', () => {
  it("lists versions as objects of a region (ClusterVersion), not service-api.md's strings", () => {
    const body = sim().call('GET', '/core/clusters/versions').body;
    expect(body).not.toHaveProperty('kubernetes_version');
    expect(body.versions[0]).toMatchObject({
      id: expect.any(Number),
      version: expect.any(String),
      region: { id: expect.any(Number), name: expect.any(String) },
    });
    const canada = body.versions.filter((v: any) => v.region.name === 'CANADA-1').map((v: any) => v.version);
    expect(canada).toContain('1.29.4');
  });
});

describe('POST /core/clusters', () => {
  it('creates a CREATING cluster (201) that becomes ACTIVE with events at each step', () => {
    const s = sim();
    const res = s.call('POST', '/core/clusters', {}, CREATE);
    expect(res.status).toBe(201);
    const c = res.body.cluster;
    // the real service's shape: workers in node groups, the masters counted, no spec fields
    expect(c).toMatchObject({
      name: 'llm-serving',
      status: 'CREATING',
      environment_name: 'prod-canada',
      environment_region: 'CANADA-1',
      green_status: 'GREEN',
      master_count: 1,
      is_reconciling: false,
      image: { name: expect.any(String) },
      node_groups: [
        {
          role: 'worker',
          count: 2,
          min_count: 2,
          max_count: 2,
          flavor: { name: 'n1-cpu-large' },
          firewall_ids: [],
        },
      ],
    });
    for (const spec of ['node_count', 'node_flavor', 'node_addresses']) expect(c).not.toHaveProperty(spec);
    expect(c.api_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(s.events(c.id).map((e) => e.reason)).toEqual(['CreationStarted']);
    s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs / 2);
    expect(s.cluster(c.id).status).toBe('CREATING');
    expect(s.events(c.id).length).toBe(4);
    s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs / 2);
    const done = s.cluster(c.id);
    expect(done.status).toBe('ACTIVE');
    expect(done.kube_config).toContain(`server: https://${c.api_address}:6443`);
    expect(done.nodes).toHaveLength(3);
    expect(done.nodes.every((n: any) => n.status === 'ACTIVE' && n.instance.floating_ip)).toBe(true);
    expect(done.nodes.map((n: any) => [n.role, n.node_group_name, n.is_bastion])).toEqual([
      ['master', 'masters', false],
      ['worker', 'workers', false],
      ['worker', 'workers', false],
    ]);
    expect(s.events(c.id).map((e) => e.reason)).toEqual([
      'CreationStarted',
      'ProvisioningMasters',
      'MastersReady',
      'ProvisioningWorkers',
      'WorkersJoined',
      'ClusterReady',
    ]);
  });

  it('ends in ERROR with a status_reason and Warning events when the name contains "fail"', () => {
    const s = sim();
    const c = s.call('POST', '/core/clusters', {}, { ...CREATE, name: 'will-fail-1' }).body.cluster;
    s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs);
    const done = s.cluster(c.id);
    expect(done.status).toBe('ERROR');
    expect(done.status_reason).toMatch(/No valid host was found/);
    expect(s.events(c.id).filter((e) => e.type === 'Warning').length).toBe(2);
  });

  it('fails a share of clusters when clusterFailRate is set', () => {
    const s = sim({ clusterFailRate: 1 });
    const c = s.call('POST', '/core/clusters', {}, CREATE).body.cluster;
    s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs);
    expect(s.cluster(c.id).status).toBe('ERROR');
  });

  it.each([
    [{ name: 'My_Cluster' }, 400, 'Cluster name "My_Cluster" is invalid'],
    [{ environment_name: 'Prod Canada' }, 400, 'Environment name "Prod Canada" is invalid'],
    [{ master_flavor_name: 'n3-H100x1' }, 400, 'must use a CPU-only flavor'],
    [{ image_name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker' }, 400, 'not supported for clusters'],
    [{ kubernetes_version: '1.20.0' }, 400, 'Kubernetes version "1.20.0" is not supported'],
    [{ environment_name: 'nowhere' }, 404, 'Environment "nowhere"'],
    [{ keypair_name: 'nokey' }, 404, 'Key pair "nokey"'],
    [{ node_flavor_name: 'n9-big' }, 404, 'Flavor "n9-big"'],
    [{ image_name: 'BeOS' }, 404, 'Image "BeOS"'],
    [{ node_count: 0 }, 400, 'node_count'],
    [{ node_count: 'two' }, 400, 'node_count: "two" is not of type \'integer\''],
    [{ name: undefined }, 400, "name: 'name' is a required property"],
    [
      { master_flavor_name: undefined },
      400,
      "master_flavor_name: 'master_flavor_name' is a required property",
    ],
  ])('refuses %j', (patch, status, message) => {
    const e = sim().fail('POST', '/core/clusters', {}, { ...CREATE, ...patch });
    expect(e.status).toBe(status);
    expect(e.message).toContain(message);
  });

  it('refuses a duplicate name with 409', () => {
    const s = sim();
    s.call('POST', '/core/clusters', {}, CREATE);
    expect(s.fail('POST', '/core/clusters', {}, CREATE).status).toBe(409);
  });
});

describe('DELETE /core/clusters/:id', () => {
  it('goes DELETING, then the cluster is gone; a creation in progress stops', () => {
    const s = sim();
    const c = s.call('POST', '/core/clusters', {}, CREATE).body.cluster;
    s.call('DELETE', '/core/clusters/:id', { id: String(c.id) });
    expect(s.cluster(c.id).status).toBe('DELETING');
    expect(s.fail('DELETE', '/core/clusters/:id', { id: String(c.id) }).status).toBe(400);
    s.clock.advance(DEFAULT_TIMINGS.clusterDeleteMs);
    expect(s.fail('GET', '/core/clusters/:id', { id: String(c.id) }).status).toBe(404);
    expect(s.fail('GET', '/core/clusters/:id/events', { id: String(c.id) }).status).toBe(404);
  });
});
