import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sim/clock.js';
import { routes } from '../../src/sim/routes/index.js';
import { startSimulator } from '../../src/sim/server.js';
import { SSH_RULE } from '../fixtures/api/vm.js';
import { KNOWN_UNDOCUMENTED_ROUTES, openApi } from '../support/openapi.js';
import { sshPublicKey } from '../support/sim-client.js';
import {
  accessConformance,
  at,
  coreConformance,
  historyConformance,
  storageConformance,
  topUpConformance,
} from './conformance/account.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Reply {
  status: number;
  body: unknown;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function idOf(value: unknown): number | undefined {
  const id = at(value, 'id');
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
}

/** The first item of the list under `key` with an id. */
function firstId(body: unknown, key: string): number | undefined {
  for (const item of asArray(at(body, key))) {
    const id = idOf(item);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The id of the item named `name` in the list under `key`. */
function idByName(body: unknown, key: string, name: string): number | undefined {
  return idOf(asArray(at(body, key)).find((item) => at(item, 'name') === name));
}

describe('simulator responses conform to the official OpenAPI document', () => {
  const validator = openApi();
  const clock = new ManualClock();
  /** Operations (operationId) answered 2xx and validated, across the tests of this file. */
  const covered = new Set<string>();
  let sim: Awaited<ReturnType<typeof startSimulator>>;

  beforeAll(async () => {
    sim = await startSimulator({ seed: 1, clock, rateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  /** Collects the problems of one test; `report()` asserts once at the end. */
  function recorder() {
    const failures: string[] = [];
    const checked: string[] = [];

    async function call(
      method: Method,
      path: string,
      options: { body?: unknown; expect?: number | number[]; key?: string | null } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { accept: 'application/json' };
      const key = options.key === undefined ? sim.keys.admin : options.key;
      if (key !== null) headers.api_key = key;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let status = 0;
      let text = '';
      try {
        const res = await fetch(sim.url + path, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        status = res.status;
        text = await res.text();
      } catch (e) {
        failures.push(`${method} ${path}: request failed: ${e instanceof Error ? e.message : String(e)}`);
        return { status: 0, body: undefined };
      }
      checked.push(`${method} ${path} → ${status}`);
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        failures.push(`${method} ${path} → ${status}: body is not JSON: ${text.slice(0, 120)}`);
        return { status, body: undefined };
      }
      const wanted = options.expect === undefined ? undefined : [options.expect].flat();
      if (wanted && !wanted.includes(status))
        failures.push(
          `${method} ${path}: expected HTTP ${wanted.join(' or ')}, got ${status}: ${text.slice(0, 200)}`,
        );
      failures.push(...validator.validateResponse(method, path, status, body, { noExtraProperties: true }));
      const op = validator.findOperation(method, path);
      if (op && status >= 200 && status < 300) covered.add(op.operationId);
      return { status, body };
    }

    /** Notes a step that could not run because an earlier one gave no id. */
    function missing(what: string): void {
      failures.push(`not checked: ${what}`);
    }

    function report(label: string): void {
      console.info(`[openapi-conformance] ${label}: ${checked.length} responses validated`);
      expect(failures, `${failures.length} problem(s):\n${failures.join('\n')}`).toEqual([]);
    }

    return { call, missing, report };
  }

  /** Lets every scheduled transition (VM power steps, snapshot, cluster creation) finish. */
  function settle(minutes = 15): void {
    clock.advance(minutes * 60_000);
  }

  it('list and read operations', async () => {
    const { call, missing, report } = recorder();
    const ok = { expect: 200 };

    await call('GET', '/core/environments', ok);
    await call('GET', '/core/keypairs', ok);
    await call('GET', '/core/flavors', ok);
    await call('GET', '/core/flavors?region=CANADA-1', ok);
    await call('GET', '/core/images', ok);
    await call('GET', '/core/stocks', ok);
    await call('GET', '/core/dashboard', ok);
    await call('GET', '/core/regions', ok);
    await call('GET', '/core/volumes', ok);
    await call('GET', '/core/volumes?page=1&pageSize=2', ok);

    const vms = await call('GET', '/core/virtual-machines', ok);
    const vmId = firstId(vms.body, 'instances');
    if (vmId === undefined)
      missing('GET /core/virtual-machines/{id} (+ events, metrics, billing rate): no VM listed');
    else {
      await call('GET', `/core/virtual-machines/${vmId}`, ok);
      await call('GET', `/core/virtual-machines/${vmId}/events`, ok);
      await call('GET', `/core/virtual-machines/${vmId}/metrics`, ok);
      await call('GET', `/pricebook/calculate/resource/instance/${vmId}`, ok);
    }

    const firewalls = await call('GET', '/core/firewalls', ok);
    const firewallId = firstId(firewalls.body, 'firewalls');
    if (firewallId === undefined) missing('GET /core/firewalls/{id}: no firewall listed');
    else await call('GET', `/core/firewalls/${firewallId}`, ok);

    const snapshots = await call('GET', '/core/snapshots', ok);
    const snapshotId = firstId(snapshots.body, 'snapshots');
    if (snapshotId === undefined) missing('GET /core/snapshots/{id} (+ events): no snapshot listed');
    else {
      await call('GET', `/core/snapshots/${snapshotId}`, ok);
      await call('GET', `/core/snapshots/${snapshotId}/events`, ok);
    }

    const profiles = await call('GET', '/core/profiles', ok);
    const profileId = firstId(profiles.body, 'profiles');
    if (profileId === undefined) missing('GET /core/profiles/{id}: no profile listed');
    else await call('GET', `/core/profiles/${profileId}`, ok);

    await call('GET', '/core/clusters/versions', ok);
    const clusters = await call('GET', '/core/clusters', ok);
    const clusterId = firstId(clusters.body, 'clusters');
    if (clusterId === undefined) missing('GET /core/clusters/{id} (+ events): no cluster listed');
    else {
      await call('GET', `/core/clusters/${clusterId}`, ok);
      await call('GET', `/core/clusters/${clusterId}/events`, ok);
    }

    await call('GET', '/pricebook', ok);
    const contracts = await call('GET', '/pricebook/contracts', ok);
    const contractId = firstId(contracts.body, 'contracts');
    if (contractId === undefined) missing('GET /pricebook/contracts/{id}: no contract listed');
    else await call('GET', `/pricebook/contracts/${contractId}`, ok);

    await call('GET', '/billing/billing/usage', ok);
    await call('GET', '/billing/billing/usage?deleted=true', ok);
    await call('GET', '/billing/payment/payment-details', ok);
    await call('GET', '/auth/organizations', ok);
    await call('GET', '/auth/invites', ok);
    await call('GET', '/auth/policies', ok);

    report('reads');
  });

  it('mutations on fresh objects, and the reads of what they created', async () => {
    const { call, missing, report } = recorder();
    const envName = 'conformance-env';
    const keyName = 'conformance-key';
    const vmName = 'conformance-vm';

    // --- environment, key pair -------------------------------------------------------------------------------
    const env = await call('POST', '/core/environments', {
      body: { name: envName, region: 'CANADA-1' },
      expect: 200,
    });
    const envId =
      idOf(at(env.body, 'environment')) ??
      idByName((await call('GET', '/core/environments')).body, 'environments', envName);
    await call('POST', '/core/keypairs', {
      body: { name: keyName, environment_name: envName, public_key: sshPublicKey('conformance@test') },
      expect: 200,
    });

    // --- a VM: pick an in-stock flavor of the region and an image of the region --------------------------------
    const flavors = await call('GET', '/core/flavors?region=CANADA-1', { expect: 200 });
    const flavorList = asArray(at(flavors.body, 'data')).flatMap((group) => asArray(at(group, 'flavors')));
    const inRegion = flavorList.filter(
      (f) => at(f, 'region_name') === undefined || at(f, 'region_name') === 'CANADA-1',
    );
    const gpuFlavors = inRegion
      .filter((f) => at(f, 'stock_available') !== false && Number(at(f, 'gpu_count') ?? 0) > 0)
      .sort((a, b) => Number(at(a, 'gpu_count')) - Number(at(b, 'gpu_count')));
    const flavorName = at(gpuFlavors[0], 'name');
    const images = await call('GET', '/core/images', { expect: 200 });
    const imageNames = asArray(at(images.body, 'images'))
      .filter((group) => at(group, 'region_name') === 'CANADA-1')
      .flatMap((group) => asArray(at(group, 'images')))
      .map((img) => at(img, 'name'))
      .filter((n): n is string => typeof n === 'string');
    const imageName = imageNames.find((n) => !n.endsWith('with Docker')) ?? imageNames[0];

    let vmId: number | undefined;
    if (typeof flavorName !== 'string' || imageName === undefined)
      missing(
        `POST /core/virtual-machines: no in-stock GPU flavor (${String(flavorName)}) or image in CANADA-1`,
      );
    else {
      const created = await call('POST', '/core/virtual-machines', {
        body: {
          name: vmName,
          environment_name: envName,
          image_name: imageName,
          flavor_name: flavorName,
          key_name: keyName,
          count: 1,
          assign_floating_ip: false,
        },
        expect: 200,
      });
      vmId =
        idOf(at(created.body, 'instances', 0)) ??
        idByName((await call('GET', '/core/virtual-machines')).body, 'instances', vmName);
    }

    let snapshotId: number | undefined;
    if (vmId === undefined)
      missing('VM actions, floating IP, sg-rules, snapshot, delete: the VM was not created');
    else {
      const vm = `/core/virtual-machines/${vmId}`;
      settle();
      await call('GET', vm, { expect: 200 });
      await call('GET', `${vm}/stop`, { expect: 200 });
      settle();
      await call('GET', `${vm}/start`, { expect: 200 });
      settle();
      await call('GET', `${vm}/hard-reboot`, { expect: 200 });
      settle();
      await call('GET', `${vm}/hibernate`, { expect: 200 });
      settle();
      await call('GET', `${vm}/hibernate-restore`, { expect: 200 });
      settle();
      await call('POST', `${vm}/attach-floatingip`, { expect: 200 });
      settle();
      await call('GET', `${vm}/events`, { expect: 200 });

      const rule = await call('POST', `${vm}/sg-rules`, {
        body: SSH_RULE,
        expect: 200,
      });
      let ruleId = idOf(at(rule.body, 'security_rule'));
      if (ruleId === undefined) {
        const vmBody = (await call('GET', vm)).body;
        const rules = asArray(
          at(vmBody, 'instance', 'security_rules') ?? at(vmBody, 'instances', 0, 'security_rules'),
        );
        ruleId = idOf(
          rules.find((r) => at(r, 'port_range_min') === 22 && at(r, 'remote_ip_prefix') === '0.0.0.0/0'),
        );
      }
      if (ruleId === undefined) missing(`DELETE ${vm}/sg-rules/{id}: no rule id`);
      else await call('DELETE', `${vm}/sg-rules/${ruleId}`, { expect: 200 });

      // --- firewall: create, rule, attach, read, remove rule, detach, delete -----------------------------------
      if (envId === undefined) missing('POST /core/firewalls: no environment id');
      else {
        const fw = await call('POST', '/core/firewalls', {
          body: { name: 'conformance-fw', description: 'conformance test', environment_id: envId },
          expect: 200,
        });
        const fwId =
          idOf(at(fw.body, 'firewall')) ??
          idByName((await call('GET', '/core/firewalls')).body, 'firewalls', 'conformance-fw');
        if (fwId === undefined) missing('firewall rules and attachments: the firewall was not created');
        else {
          const fwRule = await call('POST', `/core/firewalls/${fwId}/firewall-rules`, {
            body: {
              direction: 'ingress',
              ethertype: 'IPv4',
              protocol: 'tcp',
              remote_ip_prefix: '10.0.0.0/8',
              port_range_min: 443,
              port_range_max: 443,
            },
            expect: 200,
          });
          await call('POST', `/core/firewalls/${fwId}/update-attachments`, {
            body: { vms: [vmId] },
            expect: 200,
          });
          settle();
          const detail = await call('GET', `/core/firewalls/${fwId}`, { expect: 200 });
          const fwRuleId =
            idOf(at(fwRule.body, 'firewall_rule')) ?? firstId(at(detail.body, 'firewall'), 'rules');
          if (fwRuleId === undefined)
            missing(`DELETE /core/firewalls/${fwId}/firewall-rules/{id}: no rule id`);
          else await call('DELETE', `/core/firewalls/${fwId}/firewall-rules/${fwRuleId}`, { expect: 200 });
          await call('POST', `/core/firewalls/${fwId}/update-attachments`, {
            body: { vms: [] },
            expect: 200,
          });
          settle();
          await call('DELETE', `/core/firewalls/${fwId}`, { expect: 200 });
        }
      }

      // --- snapshot (the document answers 201) ---------------------------------------------------------------
      const snap = await call('POST', `${vm}/snapshots`, {
        body: { name: 'conformance-snap', description: 'conformance test' },
        expect: 201,
      });
      settle();
      snapshotId =
        idOf(at(snap.body, 'snapshot')) ??
        idByName((await call('GET', '/core/snapshots')).body, 'snapshots', 'conformance-snap');
      if (snapshotId === undefined) missing('GET /core/snapshots/{id}: the snapshot was not created');
      else await call('GET', `/core/snapshots/${snapshotId}`, { expect: 200 });
      await call('GET', `/pricebook/calculate/resource/instance/${vmId}`, { expect: 200 });
    }

    // --- profile: create (201), read, delete ------------------------------------------------------------------
    const profile = await call('POST', '/core/profiles', {
      body: {
        name: 'conformance-profile',
        description: 'conformance test',
        data: {
          environment_name: envName,
          image_name: imageName ?? '',
          flavor_name: typeof flavorName === 'string' ? flavorName : '',
          key_name: keyName,
          count: 1,
          assign_floating_ip: false,
        },
      },
      expect: 201,
    });
    const profileId =
      idOf(at(profile.body, 'profile')) ??
      idByName((await call('GET', '/core/profiles')).body, 'profiles', 'conformance-profile');
    if (profileId === undefined) missing('GET/DELETE /core/profiles/{id}: the profile was not created');
    else {
      await call('GET', `/core/profiles/${profileId}`, { expect: 200 });
      await call('DELETE', `/core/profiles/${profileId}`, { expect: 200 });
    }

    // --- cluster (the document answers 201) -------------------------------------------------------------------
    const versions = await call('GET', '/core/clusters/versions', { expect: 200 });
    const version = [
      at(versions.body, 'versions', 0, 'version'),
      at(versions.body, 'versions', 0),
      at(versions.body, 'kubernetes_version', 0),
    ].find((v): v is string => typeof v === 'string');
    if (version === undefined || typeof flavorName !== 'string')
      missing('POST /core/clusters: no Kubernetes version or node flavor');
    else {
      const cluster = await call('POST', '/core/clusters', {
        body: {
          name: 'conformance-cluster',
          environment_name: envName,
          keypair_name: keyName,
          kubernetes_version: version,
          master_flavor_name: 'n1-cpu-medium',
          node_flavor_name: flavorName,
          node_count: 1,
          ...(imageName !== undefined && !imageName.endsWith('with Docker') ? { image_name: imageName } : {}),
        },
        expect: 201,
      });
      const clusterId =
        idOf(at(cluster.body, 'cluster')) ??
        idByName((await call('GET', '/core/clusters')).body, 'clusters', 'conformance-cluster');
      settle(30);
      if (clusterId === undefined) missing('GET /core/clusters/{id}: the cluster was not created');
      else {
        await call('GET', `/core/clusters/${clusterId}`, { expect: 200 });
        await call('GET', `/core/clusters/${clusterId}/events`, { expect: 200 });
        // node groups and nodes: each change reconciles the cluster, so settle after it
        const cl = `/core/clusters/${clusterId}`;
        await call('GET', '/core/clusters/master-flavors', { expect: 200 });
        await call('GET', '/core/clusters/name-availability/conformance-cluster', { expect: 200 });
        const groups = await call('GET', `${cl}/node-groups`, { expect: 200 });
        const groupId = firstId(groups.body, 'node_groups');
        const created = await call('POST', `${cl}/node-groups`, {
          body: {
            name: 'extra',
            role: 'worker',
            flavor_name: flavorName,
            count: 1,
            min_count: 1,
            max_count: 3,
          },
          expect: 201,
        });
        // reconciling: a second change is refused (400)
        await call('POST', `${cl}/reconcile`, { expect: 400 });
        settle(5);
        const extraId = idOf(at(created.body, 'node_group'));
        if (groupId === undefined || extraId === undefined) missing('node group reads: no node group');
        else {
          await call('GET', `${cl}/node-groups/${groupId}`, { expect: 200 });
          await call('PATCH', `${cl}/node-groups/${groupId}`, {
            body: { min_count: 1, max_count: 4 },
            expect: 200,
          });
          const added = await call('POST', `${cl}/nodes`, {
            body: { role: 'worker', node_group: 'extra', count: 2 },
            expect: 201,
          });
          settle(5);
          await call('GET', `${cl}/nodes`, { expect: 200 });
          const ids = asArray(at(added.body, 'nodes')).map(idOf);
          if (ids.length < 2 || ids.some((x) => x === undefined)) missing('node deletes: no node added');
          else {
            await call('DELETE', `${cl}/nodes/${ids[0]}`, { expect: 200 });
            settle(5);
            await call('POST', `${cl}/nodes/delete`, { body: { ids: [ids[1]] }, expect: 200 });
            settle(5);
          }
          await call('DELETE', `${cl}/node-groups/${extraId}`, { expect: 200 });
          settle(5);
          await call('POST', `${cl}/reconcile`, { expect: 200 });
          settle(5);
          await call('GET', `${cl}/node-groups/987654`, { expect: 404 });
        }
        await call('DELETE', `/core/clusters/${clusterId}`, { expect: 200 });
      }
    }

    // --- delete the VM, then the usage of deleted resources -------------------------------------------------------
    if (vmId !== undefined) {
      settle();
      await call('DELETE', `/core/virtual-machines/${vmId}`, { expect: 200 });
      settle();
      await call('GET', '/billing/billing/usage?deleted=true', { expect: 200 });
    }
    await call('GET', '/core/dashboard', { expect: 200 });

    report('mutations');
  });

  it('more mutations: renames, public IP, callbacks, console, resize, restore, organization', async () => {
    const { call, missing, report } = recorder();
    const envName = 'conformance-env-2';
    const keyName = 'conformance-key-2';

    // --- environment: create, read, rename and back; an empty one is deleted ---------------------------------
    const env = await call('POST', '/core/environments', {
      body: { name: envName, region: 'CANADA-1' },
      expect: 200,
    });
    const envId = idOf(at(env.body, 'environment'));
    if (envId === undefined) missing('GET/PUT /core/environments/{id}: the environment was not created');
    else {
      await call('GET', `/core/environments/${envId}`, { expect: 200 });
      await call('PUT', `/core/environments/${envId}`, {
        body: { name: 'conformance-env-2b' },
        expect: 200,
      });
      await call('PUT', `/core/environments/${envId}`, { body: { name: envName }, expect: 200 });
    }
    const empty = await call('POST', '/core/environments', {
      body: { name: 'conformance-empty', region: 'NORWAY-1' },
      expect: 200,
    });
    const emptyId = idOf(at(empty.body, 'environment'));
    if (emptyId === undefined) missing('DELETE /core/environments/{id}: the environment was not created');
    else await call('DELETE', `/core/environments/${emptyId}`, { expect: 200 });

    // --- key pairs: import two, rename one, delete it ----------------------------------------------------------
    await call('POST', '/core/keypairs', {
      body: { name: keyName, environment_name: envName, public_key: sshPublicKey('conformance2@test') },
      expect: 200,
    });
    const spare = await call('POST', '/core/keypairs', {
      body: {
        name: 'conformance-spare',
        environment_name: envName,
        public_key: sshPublicKey('spare@test'),
      },
      expect: 200,
    });
    const spareId = idOf(at(spare.body, 'keypair'));
    if (spareId === undefined) missing('PUT/DELETE /core/keypair/{id}: the key pair was not imported');
    else {
      await call('PUT', `/core/keypair/${spareId}`, { body: { name: 'conformance-renamed' }, expect: 200 });
      await call('DELETE', `/core/keypair/${spareId}`, { expect: 200 });
    }

    // --- a VM with a public IP and a callback; another in-stock flavor of the region to resize to --------------
    const flavors = await call('GET', '/core/flavors?region=CANADA-1', { expect: 200 });
    const inStock = asArray(at(flavors.body, 'data'))
      .flatMap((group) => asArray(at(group, 'flavors')))
      .filter((f) => at(f, 'stock_available') !== false && Number(at(f, 'gpu_count') ?? 0) > 0)
      .sort((a, b) => Number(at(a, 'gpu_count')) - Number(at(b, 'gpu_count')))
      .map((f) => at(f, 'name'))
      .filter((n): n is string => typeof n === 'string');
    const images = await call('GET', '/core/images', { expect: 200 });
    const imageName = asArray(at(images.body, 'images'))
      .filter((group) => at(group, 'region_name') === 'CANADA-1')
      .flatMap((group) => asArray(at(group, 'images')))
      .map((img) => at(img, 'name'))
      .find((n): n is string => typeof n === 'string' && !n.endsWith('with Docker'));
    const [flavorName, otherFlavor] = inStock;
    if (flavorName === undefined || imageName === undefined) {
      missing('POST /core/virtual-machines (2): no in-stock GPU flavor or image in CANADA-1');
      report('more mutations');
      return;
    }
    const created = await call('POST', '/core/virtual-machines', {
      body: {
        name: 'conformance-vm-2',
        environment_name: envName,
        image_name: imageName,
        flavor_name: flavorName,
        key_name: keyName,
        count: 1,
        assign_floating_ip: true,
        callback_url: 'https://example.com/hooks/conformance',
      },
      expect: 200,
    });
    const vmId = idOf(at(created.body, 'instances', 0));
    if (vmId === undefined) {
      missing('VM extras, resize, snapshot restore: the VM was not created');
      report('more mutations');
      return;
    }
    const vm = `/core/virtual-machines/${vmId}`;
    settle();
    await call('GET', vm, { expect: 200 });
    await call('GET', `${vm}/metrics?duration=1d`, { expect: 200 });
    await call('POST', `${vm}/detach-floatingip`, { expect: 200 });
    settle();
    await call('POST', `${vm}/attach-floatingip`, { expect: 200 });
    settle();
    await call('PUT', `${vm}/update-callback`, {
      body: { url: 'https://example.com/hooks/2' },
      expect: 200,
    });
    await call('DELETE', `${vm}/delete-callback`, { expect: 200 });
    await call('PUT', `${vm}/label`, { body: { labels: ['conformance', 'gpu'] }, expect: 200 });
    const logReq = await call('POST', `${vm}/logs`, { body: { length: 20 }, expect: 200 });
    const requestId = at(logReq.body, 'request_id');
    await call('GET', `${vm}/logs?request_id=${requestId}`, { expect: 200 });
    await call('POST', `${vm}/attach-callback`, {
      body: { url: 'https://example.com/hooks/3' },
      expect: 200,
    });
    const consoleJob = await call('GET', `${vm}/request-console`, { expect: 200 });
    const next = at(consoleJob.body, 'url');
    if (typeof next !== 'string' || !next.startsWith('/core/'))
      missing(`GET ${vm}/console/{job_id}: request-console named no path (${String(next)})`);
    else await call('GET', next, { expect: 200 });
    await call('GET', `${vm}/stop`, { expect: 200 });
    settle();
    if (otherFlavor === undefined) missing(`POST ${vm}/resize: no second in-stock GPU flavor in CANADA-1`);
    else {
      await call('POST', `${vm}/resize`, { body: { flavor_name: otherFlavor }, expect: 200 });
      settle();
      await call('GET', vm, { expect: 200 });
    }

    // --- snapshot: take, restore into a new VM, delete -----------------------------------------------------------
    const snap = await call('POST', `${vm}/snapshots`, {
      body: { name: 'conformance-snap-2', description: 'restore me', labels: ['conformance'] },
      expect: 201,
    });
    settle();
    const snapId = idOf(at(snap.body, 'snapshot'));
    if (snapId === undefined) missing('restore / delete snapshot: the snapshot was not created');
    else {
      await call('GET', `/core/snapshots/${snapId}`, { expect: 200 });
      const restored = await call('POST', `/core/snapshots/${snapId}/restore`, {
        body: { new_vm_name: 'conformance-restored' },
        expect: 200,
      });
      settle();
      const restoredId =
        idOf(at(restored.body, 'instance')) ??
        idByName((await call('GET', '/core/virtual-machines')).body, 'instances', 'conformance-restored');
      if (restoredId === undefined) missing('GET the restored VM: no id');
      else await call('GET', `/core/virtual-machines/${restoredId}`, { expect: 200 });
      await call('GET', '/core/snapshots', { expect: 200 });
      await call('POST', `/core/snapshots/${snapId}/image`, {
        body: { name: 'conformance-image', labels: ['conformance'] },
        expect: 200,
      });
      // one image per snapshot: a 400 (the document lists 400, 404 and 406)
      await call('POST', `/core/snapshots/${snapId}/image`, { body: { name: 'again' }, expect: 400 });
      await call('GET', `/core/snapshots/${snapId}`, { expect: 200 });
      await call('GET', `/core/snapshots/${snapId}/events`, { expect: 200 });
      await call('DELETE', `/core/snapshots/${snapId}`, { expect: 200 });
    }

    // --- organization: invite and withdraw, rename, remove a member -------------------------------------------
    const invite = await call('POST', '/auth/invites', {
      body: { email: 'conformance@example.com' },
      expect: 201,
    });
    const inviteId =
      idOf(at(invite.body, 'invite')) ??
      idOf(
        asArray(at((await call('GET', '/auth/invites')).body, 'invites')).find(
          (i) => at(i, 'email') === 'conformance@example.com',
        ),
      );
    if (inviteId === undefined) missing('DELETE /auth/invites/{id}: the invitation was not created');
    else await call('DELETE', `/auth/invites/${inviteId}`, { expect: 200 });
    await call('PUT', '/auth/organizations/update', { body: { name: 'Conformance Org' }, expect: 200 });
    const org = await call('GET', '/auth/organizations', { expect: 200 });
    const member = asArray(at(org.body, 'organization', 'users'))
      .map((u) => at(u, 'email'))
      .filter((e): e is string => typeof e === 'string')
      .at(-1);
    if (member === undefined) missing('POST /auth/organizations/remove-member: no member listed');
    else await call('POST', '/auth/organizations/remove-member', { body: { email: member }, expect: 200 });

    report('more mutations');
  });

  it('volumes: types, name availability, create, read, attach, protect, detach, move, delete, and refusals', async () => {
    const { call, missing, report } = recorder();
    await call('GET', '/core/volume-types', { expect: 200 });
    await call('GET', '/core/volume/name-availability/conformance-vol', { expect: 200 });
    const vms = await call('GET', '/core/virtual-machines', { expect: 200 });
    const active = asArray(at(vms.body, 'instances')).find((v) => at(v, 'status') === 'ACTIVE');
    const vmId = idOf(active);
    const envName = at(active, 'environment', 'name');
    if (vmId === undefined || typeof envName !== 'string') {
      missing('volume attach/detach: no ACTIVE VM');
      report('volumes');
      return;
    }
    const body = { name: 'conformance-vol', environment_name: envName, volume_type: 'Cloud-SSD', size: 20 };
    const created = await call('POST', '/core/volumes', { body, expect: 200 });
    const volId = idOf(at(created.body, 'volume'));
    // 409: the name is taken; 404: no such environment; 400: a missing size
    await call('POST', '/core/volumes', { body, expect: 409 });
    await call('POST', '/core/volumes', {
      body: { ...body, name: 'x', environment_name: 'nope' },
      expect: 404,
    });
    await call('POST', '/core/volumes', { body: { name: 'y', environment_name: envName }, expect: 400 });
    if (volId === undefined) missing('volume reads and attachments: the volume was not created');
    else {
      const vm = `/core/virtual-machines/${vmId}`;
      // still creating: attaching it is refused (400)
      await call('POST', `${vm}/attach-volumes`, { body: { volume_ids: [volId] }, expect: 400 });
      settle();
      await call('GET', `/core/volumes/${volId}`, { expect: 200 });
      const attached = await call('POST', `${vm}/attach-volumes`, {
        body: { volume_ids: [volId], protected: true },
        expect: 200,
      });
      const attachmentId = idOf(at(attached.body, 'volume_attachments', 0));
      settle();
      // attached: delete and move refused (400); protected: detach refused (400)
      await call('DELETE', `/core/volumes/${volId}`, { expect: 400 });
      await call('PATCH', `/core/volumes/${volId}`, { body: { environment_name: envName }, expect: 400 });
      await call('POST', `${vm}/detach-volumes`, { body: { volume_ids: [volId] }, expect: 400 });
      if (attachmentId === undefined) missing('PATCH /core/volume-attachments/{id}: no attachment id');
      else
        await call('PATCH', `/core/volume-attachments/${attachmentId}`, {
          body: { protected: false },
          expect: 200,
        });
      await call('GET', vm, { expect: 200 });
      await call('GET', '/core/volumes', { expect: 200 });
      await call('POST', `${vm}/detach-volumes`, { body: { volume_ids: [volId] }, expect: 200 });
      settle();
      const env2 = await call('POST', '/core/environments', {
        body: { name: 'conformance-vol-env', region: String(at(active, 'environment', 'region')) },
        expect: 200,
      });
      if (at(env2.body, 'environment') !== undefined)
        await call('PATCH', `/core/volumes/${volId}`, {
          body: { environment_name: 'conformance-vol-env' },
          expect: 200,
        });
      await call('DELETE', `/core/volumes/${volId}`, { expect: 200 });
    }
    const unknown = 987654321;
    await call('GET', `/core/volumes/${unknown}`, { expect: 400 });
    await call('DELETE', `/core/volumes/${unknown}`, { expect: 404 });
    await call('PATCH', `/core/volumes/${unknown}`, { body: { environment_name: envName }, expect: 404 });
    await call('POST', `/core/virtual-machines/${unknown}/attach-volumes`, {
      body: { volume_ids: [1] },
      expect: 404,
    });
    await call('PATCH', `/core/volume-attachments/${unknown}`, { body: { protected: true }, expect: 404 });
    report('volumes');
  });

  it('credit and alerts: balance, last-day cost, thresholds, billing history graphs, the account history', async () => {
    const { call, missing, report } = recorder();
    const ok = { expect: 200 };
    await call('GET', '/billing/user-credit/credit', ok);
    await call('GET', '/billing/billing/last-day-cost', ok);
    const list = await call('GET', '/billing/billing/threshold', ok);
    const thresholdId = firstId(list.body, 'thresholds');
    if (thresholdId === undefined) missing('PUT /billing/billing/threshold/{id}: no threshold listed');
    else {
      await call('PUT', `/billing/billing/threshold/${thresholdId}`, { body: { subscribe: false }, ...ok });
      await call('PUT', `/billing/billing/threshold/${thresholdId}`, { body: { subscribe: true }, ...ok });
      await call('PUT', `/billing/billing/threshold/${thresholdId}`, { body: {}, expect: 400 });
    }
    await call('PUT', '/billing/billing/threshold/999999', { body: { subscribe: true }, expect: 404 });
    const period = '?start_date=2026-01-01T00:00:00&end_date=2026-01-03T00:00:00';
    const vmId = firstId((await call('GET', '/core/virtual-machines', ok)).body, 'instances');
    if (vmId === undefined) missing('GET …/virtual-machine/{id}/graph: no VM listed');
    else {
      await call('GET', `/billing/billing/history/virtual-machine/${vmId}/graph`, ok);
      await call('GET', `/billing/billing/history/virtual-machine/${vmId}/graph${period}`, ok);
      await call('GET', `/billing/billing/history/virtual-machine/${vmId}/graph?start_date=2026-01-01`, {
        expect: 400,
      });
    }
    const volumeId = firstId((await call('GET', '/core/volumes', ok)).body, 'volumes');
    if (volumeId === undefined) missing('GET …/volume/{id}/graph: no volume listed');
    else await call('GET', `/billing/billing/history/volume/${volumeId}/graph${period}`, ok);
    await call('GET', '/billing/billing/history/volume/1/graph', { expect: 404 });
    await call('GET', `/billing/billing/history${period}`, ok);
    await call('GET', '/billing/billing/history?start_date=2026-01-01', { expect: 400 });
    report('credit and alerts');
  });

  it('issue 25: API keys, RBAC, object storage, top-up, images, quota, billing history, contracts …', async () => {
    const { call, missing, report } = recorder();
    await accessConformance(call, missing);
    await storageConformance(call, missing);
    await topUpConformance(call);
    await coreConformance(call, missing);
    await historyConformance(call, missing);
    report('issue 25');
  });

  it('error responses use the documented error schema and statuses', async () => {
    const { call, report } = recorder();

    // 404: an unknown VM / profile / cluster
    await call('GET', '/core/virtual-machines/987654321', { expect: 404 });
    await call('GET', '/core/clusters/987654321', { expect: 404 });
    await call('DELETE', '/core/profiles/987654321', { expect: 404 });
    // 400: a create without its required fields, a malformed public key
    await call('POST', '/core/virtual-machines', { body: {}, expect: 400 });
    await call('POST', '/core/environments', { body: { name: 'no-region' }, expect: 400 });
    const envs = await call('GET', '/core/environments', { expect: 200 });
    const envName = at(envs.body, 'environments', 0, 'name');
    await call('POST', '/core/keypairs', {
      body: { name: 'bad-key', environment_name: envName, public_key: 'not a key' },
      expect: 400,
    });
    // 404: a key pair for an environment that does not exist
    await call('POST', '/core/keypairs', {
      body: { name: 'lost-key', environment_name: 'no-such-environment', public_key: sshPublicKey('x@y') },
      expect: 404,
    });
    // 409: a duplicate environment name
    const dup = { name: 'conformance-dup-env', region: 'NORWAY-1' };
    await call('POST', '/core/environments', { body: dup, expect: 200 });
    await call('POST', '/core/environments', { body: dup, expect: 409 });
    // 401: no API key
    await call('GET', '/core/environments', { key: null, expect: 401 });

    // 404 where the document lists it
    const unknown = 987654321;
    await call('GET', `/core/environments/${unknown}`, { expect: 404 });
    await call('DELETE', `/core/keypair/${unknown}`, { expect: 404 });
    await call('GET', `/core/firewalls/${unknown}`, { expect: 404 });
    await call('GET', `/core/virtual-machines/${unknown}/start`, { expect: 404 });
    await call('GET', `/core/clusters/${unknown}/events`, { expect: 404 });
    await call('DELETE', `/core/snapshots/${unknown}`, { expect: 404 });
    await call('POST', `/core/snapshots/${unknown}/image`, { body: { name: 'nope' }, expect: 404 });
    await call('DELETE', `/auth/invites/${unknown}`, { expect: 404 });
    await call('GET', `/pricebook/contracts/${unknown}`, { expect: 404 });
    await call('GET', `/pricebook/calculate/resource/instance/${unknown}`, { expect: 404 });
    // ... and 400 where it lists no 404 (Get_snapshot, Restore_snapshot, Add_rule_to_firewall,
    // Remove_Organization_Member)
    await call('GET', `/core/snapshots/${unknown}`, { expect: 400 });
    await call('POST', `/core/snapshots/${unknown}/restore`, {
      body: { new_vm_name: 'nope' },
      expect: 400,
    });
    await call('POST', `/core/firewalls/${unknown}/firewall-rules`, {
      body: { direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', remote_ip_prefix: '0.0.0.0/0' },
      expect: 400,
    });
    await call('POST', '/auth/organizations/remove-member', {
      body: { email: 'nobody@example.com' },
      expect: 400,
    });

    // 409 where the document lists it (creates), 400 where it lists none (renames, a busy environment,
    // a second callback, a snapshot name taken)
    const key = (name: string) => ({
      name,
      environment_name: dup.name,
      public_key: sshPublicKey(`${name}@test`),
    });
    await call('POST', '/core/keypairs', { body: key('conformance-k1'), expect: 200 });
    const k2 = await call('POST', '/core/keypairs', { body: key('conformance-k2'), expect: 200 });
    await call('POST', '/core/keypairs', { body: key('conformance-k1'), expect: 409 });
    const k2Id = idOf(at(k2.body, 'keypair'));
    if (k2Id !== undefined)
      await call('PUT', `/core/keypair/${k2Id}`, { body: { name: 'conformance-k1' }, expect: 400 });
    const envList = await call('GET', '/core/environments', { expect: 200 });
    const dupId = idByName(envList.body, 'environments', dup.name);
    if (dupId !== undefined) {
      await call('PUT', `/core/environments/${dupId}`, { body: { name: String(envName) }, expect: 400 });
      // it holds two key pairs: 405 not_allowed (a documented status deviation)
      await call('DELETE', `/core/environments/${dupId}`, { expect: 405 });
    }
    await call('POST', '/auth/invites', { body: { email: 'x-dup@example.com' }, expect: 201 });
    await call('POST', '/auth/invites', { body: { email: 'x-dup@example.com' }, expect: 409 });
    const profile = { name: 'conformance-dup-profile', data: { environment_name: dup.name, count: 1 } };
    await call('POST', '/core/profiles', { body: profile, expect: 201 });
    await call('POST', '/core/profiles', { body: profile, expect: 409 });
    const vms = await call('GET', '/core/virtual-machines', { expect: 200 });
    const active = asArray(at(vms.body, 'instances')).find((v) => at(v, 'status') === 'ACTIVE');
    const activeId = idOf(active);
    const snapshots = await call('GET', '/core/snapshots', { expect: 200 });
    const takenName = at(snapshots.body, 'snapshots', 0, 'name');
    if (activeId !== undefined) {
      const vm = `/core/virtual-machines/${activeId}`;
      await call('POST', `${vm}/attach-callback`, {
        body: { url: 'https://example.com/a' },
        expect: [200, 400],
      });
      await call('POST', `${vm}/attach-callback`, { body: { url: 'https://example.com/b' }, expect: 400 });
      if (typeof takenName === 'string')
        await call('POST', `${vm}/snapshots`, { body: { name: takenName, description: 'x' }, expect: 400 });
      // 400: a duration the document does not list
      await call('GET', `${vm}/metrics?duration=5y`, { expect: 400 });
    }
    await call('GET', '/core/flavors?region=MARS-1', { expect: 400 });

    report('errors');
  });

  it('every operation the simulator serves is documented and was validated above (2xx)', () => {
    const undocumented: string[] = [];
    const served = new Set<string>();
    for (const r of routes) {
      const op = validator.findOperation(r.method, r.path.replace(/:\w+/g, '1'));
      if (op) served.add(op.operationId);
      else if (!KNOWN_UNDOCUMENTED_ROUTES.some((d) => d.method === r.method && d.path === r.path))
        undocumented.push(`${r.method} ${r.path}`);
    }
    expect(
      undocumented,
      'routes the document does not have (list them in KNOWN_UNDOCUMENTED_ROUTES)',
    ).toEqual([]);
    const unchecked = [...served].filter((id) => !covered.has(id)).sort();
    console.info(`[openapi-conformance] ${served.size} operations served, ${covered.size} validated`);
    expect(unchecked, 'served operations no test above validated').toEqual([]);
  });
});
