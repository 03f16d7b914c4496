/**
 * The client reads what the REAL service sends, not only what our simulator sends: for every resource the UI
 * shows, the OpenAPI document's own example (test/fixtures/api/real/<operationId>.json, verbatim) and a sparse
 * variant with nulls and missing optional fields (real/sparse.ts) go through the real endpoint functions and
 * their schemas. When the document is present, the fixtures are checked against it: the examples must still be
 * the document's, and the sparse bodies must be valid real answers (null only where a property is not required,
 * no property the document does not declare beyond the listed deviations).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type Api, createApi } from '../../src/api/client.js';
import { SPARSE } from '../fixtures/api/real/sparse.js';
import { recordingTransport } from '../fixtures/fake-transport.js';
import { DEFAULT_OPENAPI_PATH, openApi } from '../support/openapi.js';

interface Op {
  /** A concrete path of the operation (for the document's validator). */
  path: string;
  read: (api: Api) => Promise<unknown>;
}

const OPS: Record<string, Op> = {
  List_VMs: { path: '/core/virtual-machines', read: (a) => a.vms.list() },
  Get_VM: { path: '/core/virtual-machines/1', read: (a) => a.vms.get(1) },
  List_VM_events: { path: '/core/virtual-machines/1/events', read: (a) => a.vms.events(1) },
  Get_VM_metrics: { path: '/core/virtual-machines/1/metrics', read: (a) => a.vms.metrics(1) },
  List_Flavors: { path: '/core/flavors', read: (a) => a.catalog.flavors() },
  Get_GPU_stock: { path: '/core/stocks', read: (a) => a.catalog.stocks() },
  List_Images: { path: '/core/images', read: (a) => a.catalog.images() },
  List_environments: { path: '/core/environments', read: (a) => a.environments.list() },
  List_key_pairs: { path: '/core/keypairs', read: (a) => a.keypairs.list() },
  List_existing_firewalls: { path: '/core/firewalls', read: (a) => a.firewalls.list() },
  Get_firewall: { path: '/core/firewalls/1', read: (a) => a.firewalls.get(1) },
  List_Clusters: { path: '/core/clusters', read: (a) => a.clusters.list() },
  Getting_Cluster_Detail: { path: '/core/clusters/1', read: (a) => a.clusters.get(1) },
  Get_Cluster_Versions: { path: '/core/clusters/versions', read: (a) => a.clusters.versionList() },
  List_cluster_events: { path: '/core/clusters/1/events', read: (a) => a.clusters.events(1) },
  List_snapshots: { path: '/core/snapshots', read: (a) => a.snapshots.list() },
  Get_snapshot: { path: '/core/snapshots/1', read: (a) => a.snapshots.get(1) },
  List_volumes: { path: '/core/volumes', read: (a) => a.volumes.list() },
  Get_usage: { path: '/billing/billing/usage', read: (a) => a.billing.usage() },
  List_customer_contracts: { path: '/pricebook/contracts', read: (a) => a.billing.contracts() },
  Retrieve_contract: { path: '/pricebook/contracts/1', read: (a) => a.billing.contract(1) },
  List_payment_details: { path: '/billing/payment/payment-details', read: (a) => a.billing.payments() },
  List_profiles: { path: '/core/profiles', read: (a) => a.profiles.list() },
  Get_profile: { path: '/core/profiles/1', read: (a) => a.profiles.get(1) },
  List_Regions: { path: '/core/regions', read: (a) => a.regions.list() },
  Get_Dashboard: { path: '/core/dashboard', read: (a) => a.catalog.dashboard() },
  Retrieve_Organization_Information: { path: '/auth/organizations', read: (a) => a.auth.organization() },
};

function example(operationId: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/api/real/${operationId}.json`, import.meta.url), 'utf8'),
  );
}

/** What the endpoint returns for `body`, through the operation's own schema. */
function read(operationId: string, body: unknown): Promise<any> {
  const { transport } = recordingTransport(() => structuredClone(body));
  return OPS[operationId]!.read(createApi(transport));
}

const ids = Object.keys(OPS);

describe('the client reads the document’s own examples and sparse real answers', () => {
  it('has a sparse variant for every operation', () => {
    expect(Object.keys(SPARSE).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s: the document’s example', async (id) => {
    await expect(read(id, example(id))).resolves.toBeDefined();
  });

  it.each(ids)('%s: nulls and missing optional fields', async (id) => {
    await expect(read(id, SPARSE[id])).resolves.toBeDefined();
  });
});

describe('what the client makes of the real shapes', () => {
  it('clusters: the spec fields are filled from the node groups and nodes', async () => {
    const c = await read('Getting_Cluster_Detail', example('Getting_Cluster_Detail'));
    // two groups of `count: 3` in the example; the first group's flavor; the nodes' public IPs
    expect(c.node_count).toBe(6);
    expect(c.node_flavor).toMatchObject({ name: 'name', ram: 9.301444243932576 });
    expect(c.node_addresses).toEqual(['floating_ip', 'floating_ip']);
    expect(c.nodes[0]).toMatchObject({ node_group_name: 'node_group_name', is_bastion: true });
    const sparse = (await read('List_Clusters', SPARSE.List_Clusters))[0];
    expect([sparse.node_count, sparse.node_flavor.name, sparse.node_addresses]).toEqual([2, 'n3-H100x1', []]);
  });

  it('the document’s `"{}"` for an object reads as an empty object (flavor features) or no region', async () => {
    const groups = await read('List_Flavors', example('List_Flavors'));
    expect(groups[0].flavors[0].features).toEqual({});
    const versions = await read('Get_Cluster_Versions', example('Get_Cluster_Versions'));
    expect(versions.map((v: any) => [v.version, v.region])).toEqual([
      ['version', null],
      ['version', null],
    ]);
    const sparse = await read('Get_Cluster_Versions', SPARSE.Get_Cluster_Versions);
    expect(sparse.map((v: any) => v.region)).toEqual(['US-1', undefined]);
  });

  it('profiles: data as a JSON string is decoded; one that is not JSON reads as null', async () => {
    const [p] = await read('List_profiles', example('List_profiles'));
    expect(p).toMatchObject({ name: 'name', data: null });
    const [h100, empty] = await read('List_profiles', SPARSE.List_profiles);
    expect(h100.data).toEqual({ flavor_name: 'n3-H100x1', count: 1 });
    expect(empty.data).toBeNull();
  });

  it('key pairs carry their environment object; images their flavor restrictions', async () => {
    const page = await read('List_key_pairs', example('List_key_pairs'));
    expect(page.items[0].environment).toMatchObject({ name: 'name', features: { green_status: 'GREEN' } });
    const images = await read('List_Images', SPARSE.List_Images);
    expect(images[0].images.map((i: any) => i.flavor_restrictions?.restriction_type)).toEqual([
      undefined,
      'hard',
    ]);
  });

  it('a list without page fields is one page; with them, they are kept', async () => {
    const vms = await read('List_VMs', SPARSE.List_VMs);
    expect([vms.page, vms.pageSize, vms.count, vms.items.length]).toEqual([null, null, null, 2]);
    const fws = await read('List_existing_firewalls', SPARSE.List_existing_firewalls);
    expect([fws.page, fws.pageSize, fws.count]).toEqual([1, 20, 1]);
  });
});

const api = openApi();

describe('the fixtures are the document’s', () => {
  const doc = parseYaml(readFileSync(DEFAULT_OPENAPI_PATH, 'utf8'), { maxAliasCount: -1 });

  it.each(ids)('%s.json is still the document’s example for the operation', (id) => {
    const op = Object.values(doc.paths as Record<string, Record<string, any>>)
      .flatMap((item) => Object.values(item))
      .find((o) => o?.operationId === id);
    const ref: string = op.responses['200'].content['application/json'].schema.$ref;
    expect(example(id)).toEqual(doc.components.schemas[ref.split('/').pop()!].example);
  });

  it.each(ids)('the sparse %s is a valid answer of the document', (id) => {
    expect(api.validateResponse('GET', OPS[id]!.path, 200, SPARSE[id], { noExtraProperties: true })).toEqual(
      [],
    );
  });
});
