import { describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/api/client.js';
import { inviteBody, inviteListBody, organizationBody, policyListBody } from '../fixtures/api/auth.js';
import {
  contract,
  contractListBody,
  contractOpenApiBody,
  contractSpecBody,
  paymentsBody,
  resourceRateBody,
  usageBody,
} from '../fixtures/api/billing.js';
import { dashboardBody, flavorListBody, imageListBody, stockBody } from '../fixtures/api/catalog.js';
import {
  cluster,
  clusterBody,
  clusterEventsBody,
  clusterListBody,
  clusterVersionsOpenApiBody,
  clusterVersionsSpecBody,
} from '../fixtures/api/cluster.js';
import {
  environment,
  environmentBody,
  environmentListBody,
  keypair,
  keypairBody,
  keypairListBody,
} from '../fixtures/api/core.js';
import {
  firewall,
  firewallCreatedBody,
  firewallListBody,
  firewallRuleBody,
} from '../fixtures/api/firewall.js';
import { profileBody, profileData, profileListBody } from '../fixtures/api/profile.js';
import { snapshot, snapshotDetailBody, snapshotListBody } from '../fixtures/api/snapshot.js';
import { securityRule, vm } from '../fixtures/api/vm.js';
import {
  ackBody,
  callbackBody,
  consoleUrlBody,
  metricsBody,
  requestConsoleBody,
  vmEventsBody,
} from '../fixtures/api/vm-extras.js';
import { describeCall, recordingTransport } from '../fixtures/fake-transport.js';

/** What one operation must send, and what it must return once the canned body is validated and unwrapped. */
interface Case {
  name: string;
  call: (api: Api, signal: AbortSignal) => Promise<unknown>;
  body: unknown;
  sends: ReturnType<typeof describeCall>;
  returns: unknown;
}

const rule = {
  direction: 'ingress' as const,
  protocol: 'tcp' as const,
  ethertype: 'IPv4' as const,
  remote_ip_prefix: '0.0.0.0/0',
  port_range_min: 22,
  port_range_max: 22,
};
const vmInput = {
  name: 'train-1',
  environment_name: 'prod-norway',
  image_name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2',
  flavor_name: 'n3-A100x1',
  key_name: 'ops-key',
  count: 1,
  assign_floating_ip: true,
};
const clusterInput = {
  name: 'train-k8s',
  environment_name: 'prod-norway',
  keypair_name: 'ops-key',
  kubernetes_version: '1.27.8',
  master_flavor_name: 'n1-cpu-small',
  node_flavor_name: 'n3-A100x1',
  node_count: 2,
};
// parsed forms: numeric strings become numbers, JSON strings objects
const vm1 = { ...vm(1), flavor: { ...vm(1).flavor, ram: 120 } };
const ack = 'Done';
const get = (path: string, extra: object = {}) => ({ method: 'GET' as const, path, retry: true, ...extra });
const act = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}) => ({
  method,
  path,
  retry: false,
  ...extra,
});

const cases: Case[] = [
  // organization and access
  {
    name: 'auth.organization',
    call: (a, signal) => a.auth.organization({ signal }),
    body: organizationBody,
    sends: get('/auth/organizations'),
    returns: { ...organizationBody.organization, credit: 1200.5 },
  },
  {
    name: 'auth.removeMember',
    call: (a, signal) => a.auth.removeMember('ops@acme.invalid', { signal }),
    body: ackBody,
    sends: act('POST', '/auth/organizations/remove-member', { body: { email: 'ops@acme.invalid' } }),
    returns: ack,
  },
  {
    name: 'auth.renameOrganization',
    call: (a, signal) => a.auth.renameOrganization('Acme AI', { signal }),
    body: ackBody,
    sends: act('PUT', '/auth/organizations/update', { body: { name: 'Acme AI' } }),
    returns: ack,
  },
  {
    name: 'auth.invites.list',
    call: (a, signal) => a.auth.invites.list({ signal }),
    body: inviteListBody,
    sends: get('/auth/invites'),
    returns: inviteListBody.invites,
  },
  {
    name: 'auth.invites.create',
    call: (a, signal) => a.auth.invites.create('two@acme.invalid', { signal }),
    body: inviteBody,
    sends: act('POST', '/auth/invites', { body: { email: 'two@acme.invalid' } }),
    returns: inviteBody.invite,
  },
  {
    name: 'auth.invites.create (no invite echoed)',
    call: (a, signal) => a.auth.invites.create('two@acme.invalid', { signal }),
    body: ackBody,
    sends: act('POST', '/auth/invites', { body: { email: 'two@acme.invalid' } }),
    returns: null,
  },
  {
    name: 'auth.invites.delete',
    call: (a, signal) => a.auth.invites.delete(3, { signal }),
    body: ackBody,
    sends: act('DELETE', '/auth/invites/3'),
    returns: ack,
  },
  {
    name: 'auth.policies',
    call: (a, signal) => a.auth.policies({ signal }),
    body: policyListBody,
    sends: get('/auth/policies'),
    returns: policyListBody.policies,
  },
  // environments
  {
    name: 'environments.list',
    call: (a, signal) => a.environments.list({ page: 2, pageSize: 10, search: 'prod', signal }),
    body: environmentListBody,
    sends: get('/core/environments', { query: { page: 2, pageSize: 10, search: 'prod' } }),
    returns: { items: environmentListBody.environments, page: 1, pageSize: 20, count: 2 },
  },
  {
    name: 'environments.get',
    call: (a, signal) => a.environments.get(7, { signal }),
    body: environmentBody,
    sends: get('/core/environments/7'),
    returns: environment,
  },
  {
    name: 'environments.create',
    call: (a, signal) => a.environments.create({ name: 'prod-norway', region: 'NORWAY-1' }, { signal }),
    body: environmentBody,
    sends: act('POST', '/core/environments', { body: { name: 'prod-norway', region: 'NORWAY-1' } }),
    returns: environment,
  },
  {
    name: 'environments.update',
    call: (a, signal) => a.environments.update(7, { name: 'prod-no' }, { signal }),
    body: environmentBody,
    sends: act('PUT', '/core/environments/7', { body: { name: 'prod-no' } }),
    returns: environment,
  },
  {
    name: 'environments.delete',
    call: (a, signal) => a.environments.delete(7, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/environments/7'),
    returns: ack,
  },
  // key pairs
  {
    name: 'keypairs.list',
    call: (a, signal) => a.keypairs.list({ signal }),
    body: keypairListBody,
    sends: get('/core/keypairs'),
    returns: { items: keypairListBody.keypairs, page: 1, pageSize: 20, count: 2 },
  },
  {
    name: 'keypairs.import',
    call: (a, signal) =>
      a.keypairs.import(
        { name: 'ops-key', environment_name: 'prod-norway', public_key: keypair.public_key },
        { signal },
      ),
    body: keypairBody,
    sends: act('POST', '/core/keypairs', {
      body: { name: 'ops-key', environment_name: 'prod-norway', public_key: keypair.public_key },
    }),
    returns: keypair,
  },
  {
    name: 'keypairs.rename',
    call: (a, signal) => a.keypairs.rename(31, 'ops-key-2', { signal }),
    body: keypairBody,
    sends: act('PUT', '/core/keypair/31', { body: { name: 'ops-key-2' } }),
    returns: keypair,
  },
  {
    name: 'keypairs.delete',
    call: (a, signal) => a.keypairs.delete(31, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/keypair/31'),
    returns: ack,
  },
  // catalogue
  {
    name: 'catalog.flavors (region)',
    call: (a, signal) => a.catalog.flavors({ region: 'CANADA-1', signal }),
    body: flavorListBody,
    sends: get('/core/flavors', { query: { region: 'CANADA-1' } }),
    returns: [
      // `"{}"` (the document's example of `features`) reads as an empty object
      {
        ...flavorListBody.data[0],
        flavors: [{ ...flavorListBody.data[0]!.flavors[0], ram: 120, features: {} }],
      },
      flavorListBody.data[1],
    ],
  },
  {
    name: 'catalog.flavors (all regions)',
    call: (a, signal) => a.catalog.flavors({ signal }).then((g) => g.length),
    body: flavorListBody,
    sends: get('/core/flavors'),
    returns: 2,
  },
  {
    name: 'catalog.images',
    call: (a, signal) => a.catalog.images({ region: 'NORWAY-1', signal }),
    body: imageListBody,
    sends: get('/core/images', { query: { region: 'NORWAY-1' } }),
    returns: imageListBody.images,
  },
  {
    name: 'catalog.stocks',
    call: (a, signal) => a.catalog.stocks({ signal }).then((s) => s[0]!.models.map((m) => m.available)),
    body: stockBody,
    sends: get('/core/stocks'),
    returns: ['50+', '0'],
  },
  {
    name: 'catalog.dashboard',
    call: (a, signal) => a.catalog.dashboard({ signal }).then((o) => o.virtual_machine),
    body: dashboardBody,
    sends: get('/core/dashboard'),
    returns: { count: 3, vcpus: 84, gpus: 3, ram: 360, cost_per_hour: 4.35 },
  },
  // virtual machines
  {
    name: 'vms.list',
    call: (a, signal) =>
      a.vms.list({ page: 3, pageSize: 50, search: 'train', environment: 'prod-norway', signal }),
    body: { status: true, message: 'ok', page: 3, page_size: 50, count: 101, instances: [vm(1)] },
    sends: get('/core/virtual-machines', {
      query: { page: 3, pageSize: 50, search: 'train', environment: 'prod-norway' },
    }),
    returns: { items: [vm1], page: 3, pageSize: 50, count: 101 },
  },
  {
    name: 'vms.get (`instance`)',
    call: (a, signal) => a.vms.get(1, { signal }),
    body: { status: true, message: 'ok', instance: vm(1) },
    sends: get('/core/virtual-machines/1'),
    returns: vm1,
  },
  {
    name: 'vms.get (`instances[]`)',
    call: (a, signal) => a.vms.get(1, { signal }),
    body: { status: true, message: 'ok', instances: [vm(1)] },
    sends: get('/core/virtual-machines/1'),
    returns: vm1,
  },
  {
    name: 'vms.create',
    call: (a, signal) => a.vms.create(vmInput, { signal }),
    body: { status: true, message: 'ok', instances: [vm(1, { status: 'CREATING' })] },
    sends: act('POST', '/core/virtual-machines', { body: vmInput }),
    returns: [{ ...vm1, status: 'CREATING' }],
  },
  {
    name: 'vms.delete',
    call: (a, signal) => a.vms.delete(1, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/virtual-machines/1'),
    returns: ack,
  },
  ...(['start', 'stop', 'hard-reboot', 'hibernate', 'hibernate-restore'] as const).map(
    (action): Case => ({
      name: `vms ${action} (an action: never retried)`,
      call: (a, signal) => {
        const fns = {
          start: a.vms.start,
          stop: a.vms.stop,
          'hard-reboot': a.vms.hardReboot,
          hibernate: a.vms.hibernate,
          'hibernate-restore': a.vms.hibernateRestore,
        };
        return fns[action](1, { signal });
      },
      body: ackBody,
      sends: act('GET', `/core/virtual-machines/1/${action}`),
      returns: ack,
    }),
  ),
  {
    name: 'vms.hibernate (retain the IP)',
    call: (a, signal) => a.vms.hibernate(1, { retainIp: true, signal }),
    body: ackBody,
    sends: act('GET', '/core/virtual-machines/1/hibernate', { query: { retain_ip: true } }),
    returns: ack,
  },
  {
    name: 'vms.resize',
    call: (a, signal) => a.vms.resize(1, 'n3-A100x2', { signal }),
    body: ackBody,
    sends: act('POST', '/core/virtual-machines/1/resize', { body: { flavor_name: 'n3-A100x2' } }),
    returns: ack,
  },
  {
    name: 'vms.metrics',
    call: (a, signal) => a.vms.metrics(1, { duration: '1h', signal }),
    body: metricsBody,
    sends: get('/core/virtual-machines/1/metrics', { query: { duration: '1h' } }),
    returns: metricsBody,
  },
  {
    name: 'vms.events',
    call: (a, signal) => a.vms.events(1, { signal }),
    body: vmEventsBody,
    sends: get('/core/virtual-machines/1/events'),
    returns: vmEventsBody.instance_events,
  },
  {
    name: 'vms.addRule',
    call: (a, signal) => a.vms.addRule(1, rule, { signal }),
    body: { status: true, message: 'ok', security_rule: securityRule(504) },
    sends: act('POST', '/core/virtual-machines/1/sg-rules', { body: rule }),
    returns: securityRule(504),
  },
  {
    name: 'vms.deleteRule',
    call: (a, signal) => a.vms.deleteRule(1, 504, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/virtual-machines/1/sg-rules/504'),
    returns: ack,
  },
  {
    name: 'vms.attachFloatingIp',
    call: (a, signal) => a.vms.attachFloatingIp(1, { signal }),
    body: ackBody,
    sends: act('POST', '/core/virtual-machines/1/attach-floatingip'),
    returns: ack,
  },
  {
    name: 'vms.detachFloatingIp',
    call: (a, signal) => a.vms.detachFloatingIp(1, { signal }),
    body: ackBody,
    sends: act('POST', '/core/virtual-machines/1/detach-floatingip'),
    returns: ack,
  },
  {
    name: 'vms.attachCallback',
    call: (a, signal) => a.vms.attachCallback(1, callbackBody.url, { signal }),
    body: callbackBody,
    sends: act('POST', '/core/virtual-machines/1/attach-callback', { body: { url: callbackBody.url } }),
    returns: callbackBody.url,
  },
  {
    name: 'vms.updateCallback',
    call: (a, signal) => a.vms.updateCallback(1, callbackBody.url, { signal }),
    body: callbackBody,
    sends: act('PUT', '/core/virtual-machines/1/update-callback', { body: { url: callbackBody.url } }),
    returns: callbackBody.url,
  },
  {
    name: 'vms.deleteCallback',
    call: (a, signal) => a.vms.deleteCallback(1, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/virtual-machines/1/delete-callback'),
    returns: ack,
  },
  {
    name: 'vms.requestConsole',
    call: (a, signal) => a.vms.requestConsole(1, { signal }),
    body: requestConsoleBody,
    sends: act('GET', '/core/virtual-machines/1/request-console'),
    returns: '/core/virtual-machines/1/console/88',
  },
  {
    name: 'vms.consoleUrl',
    call: (a, signal) => a.vms.consoleUrl(1, 88, { signal }),
    body: consoleUrlBody,
    sends: get('/core/virtual-machines/1/console/88'),
    returns: 'https://console.example.invalid/vnc_auto.html?token=t',
  },
  {
    name: 'vms.consoleUrl (plain string)',
    call: (a, signal) => a.vms.consoleUrl(1, 88, { signal }),
    body: { status: true, vnc_url: 'https://plain.invalid' },
    sends: get('/core/virtual-machines/1/console/88'),
    returns: 'https://plain.invalid',
  },
  // firewalls
  {
    name: 'firewalls.list',
    call: (a, signal) => a.firewalls.list({ environment: 'prod-norway', signal }),
    body: firewallListBody,
    sends: get('/core/firewalls', { query: { environment: 'prod-norway' } }),
    returns: { items: [firewall], page: 1, pageSize: 20, count: 1 },
  },
  {
    name: 'firewalls.get',
    call: (a, signal) => a.firewalls.get(12, { signal }),
    body: { status: true, message: 'ok', firewall },
    sends: get('/core/firewalls/12'),
    returns: firewall,
  },
  {
    name: 'firewalls.create',
    call: (a, signal) =>
      a.firewalls.create({ name: 'web', environment_id: 7, description: 'http in' }, { signal }),
    body: firewallCreatedBody,
    sends: act('POST', '/core/firewalls', {
      body: { name: 'web', environment_id: 7, description: 'http in' },
    }),
    returns: firewallCreatedBody.firewall,
  },
  {
    name: 'firewalls.delete',
    call: (a, signal) => a.firewalls.delete(12, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/firewalls/12'),
    returns: ack,
  },
  {
    name: 'firewalls.addRule',
    call: (a, signal) => a.firewalls.addRule(12, rule, { signal }),
    body: firewallRuleBody,
    sends: act('POST', '/core/firewalls/12/firewall-rules', { body: rule }),
    returns: firewallRuleBody.firewall_rule,
  },
  {
    name: 'firewalls.deleteRule',
    call: (a, signal) => a.firewalls.deleteRule(12, 503, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/firewalls/12/firewall-rules/503'),
    returns: ack,
  },
  {
    name: 'firewalls.updateAttachments',
    call: (a, signal) => a.firewalls.updateAttachments(12, [1, 2], { signal }),
    body: ackBody,
    sends: act('POST', '/core/firewalls/12/update-attachments', { body: { vms: [1, 2] } }),
    returns: ack,
  },
  // snapshots
  {
    name: 'snapshots.list',
    call: (a, signal) => a.snapshots.list({ search: 'before', signal }),
    body: snapshotListBody,
    sends: get('/core/snapshots', { query: { search: 'before' } }),
    returns: { items: [snapshot], page: 1, pageSize: 20, count: 1 },
  },
  {
    name: 'snapshots.get',
    call: (a, signal) => a.snapshots.get(61, { signal }),
    body: snapshotDetailBody,
    sends: get('/core/snapshots/61'),
    returns: snapshotDetailBody.snapshot,
  },
  {
    name: 'snapshots.create',
    call: (a, signal) => a.snapshots.create(1, { name: 'before-upgrade', description: 'pre' }, { signal }),
    body: { status: true, message: 'ok', snapshot },
    sends: act('POST', '/core/virtual-machines/1/snapshots', {
      body: { name: 'before-upgrade', description: 'pre' },
    }),
    returns: snapshot,
  },
  {
    name: 'snapshots.delete',
    call: (a, signal) => a.snapshots.delete(61, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/snapshots/61'),
    returns: ack,
  },
  {
    name: 'snapshots.restore',
    call: (a, signal) => a.snapshots.restore(61, { new_vm_name: 'restored' }, { signal }),
    body: { status: true, message: 'ok', instance: vm(1) },
    sends: act('POST', '/core/snapshots/61/restore', { body: { new_vm_name: 'restored' } }),
    returns: vm1,
  },
  // profiles
  {
    name: 'profiles.list',
    call: (a, signal) => a.profiles.list({ signal }).then((p) => p.map((x) => x.data)),
    body: profileListBody,
    sends: get('/core/profiles'),
    returns: [profileData, { count: 2 }],
  },
  {
    name: 'profiles.get',
    call: (a, signal) => a.profiles.get(9, { signal }),
    body: profileBody,
    sends: get('/core/profiles/9'),
    returns: { ...profileBody.profile, data: profileData },
  },
  {
    name: 'profiles.create',
    call: (a, signal) =>
      a.profiles.create({ name: 'a100-default', data: { flavor_name: 'n3-A100x1' } }, { signal }),
    body: profileBody,
    sends: act('POST', '/core/profiles', {
      body: { name: 'a100-default', data: { flavor_name: 'n3-A100x1' } },
    }),
    returns: { ...profileBody.profile, data: profileData },
  },
  {
    name: 'profiles.delete',
    call: (a, signal) => a.profiles.delete(9, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/profiles/9'),
    returns: ack,
  },
  // clusters
  {
    name: 'clusters.versions (spec shape)',
    call: (a, signal) => a.clusters.versions({ signal }),
    body: clusterVersionsSpecBody,
    sends: get('/core/clusters/versions'),
    returns: ['1.27.8', '1.28.5'],
  },
  {
    name: 'clusters.versions (OpenAPI shape)',
    call: (a, signal) => a.clusters.versions({ signal }),
    body: clusterVersionsOpenApiBody,
    sends: get('/core/clusters/versions'),
    returns: ['1.27.8', '1.28.5'],
  },
  {
    name: 'clusters.create',
    call: (a, signal) => a.clusters.create(clusterInput, { signal }),
    body: clusterBody,
    sends: act('POST', '/core/clusters', { body: clusterInput }),
    returns: { ...cluster, node_flavor: { ...cluster.node_flavor, ram: 120 } },
  },
  {
    name: 'clusters.list',
    call: (a, signal) => a.clusters.list({ signal }).then((c) => c.map((x) => x.id)),
    body: clusterListBody,
    sends: get('/core/clusters'),
    returns: [3],
  },
  {
    name: 'clusters.get',
    call: (a, signal) => a.clusters.get(3, { signal }).then((c) => c.status),
    body: clusterBody,
    sends: get('/core/clusters/3'),
    returns: 'ACTIVE',
  },
  {
    name: 'clusters.delete',
    call: (a, signal) => a.clusters.delete(3, { signal }),
    body: ackBody,
    sends: act('DELETE', '/core/clusters/3'),
    returns: ack,
  },
  {
    name: 'clusters.events',
    call: (a, signal) => a.clusters.events(3, { signal }),
    body: clusterEventsBody,
    sends: get('/core/clusters/3/events'),
    returns: clusterEventsBody.cluster_events,
  },
  // billing
  {
    name: 'billing.resourceRate',
    call: (a, signal) => a.billing.resourceRate('instance', 1, { signal }).then((r) => r.resource.price),
    body: resourceRateBody,
    sends: get('/pricebook/calculate/resource/instance/1'),
    returns: 1.45,
  },
  {
    name: 'billing.contracts',
    call: (a, signal) =>
      a.billing.contracts({ signal }).then((p) => ({ ...p, items: p.items.map((c) => c.id) })),
    body: contractListBody,
    sends: get('/pricebook/contracts'),
    returns: { items: [21], page: null, pageSize: null, count: 1 },
  },
  {
    name: 'billing.contract (`contract`)',
    call: (a, signal) => a.billing.contract(21, { signal }).then((c) => [c.id, c.status]),
    body: contractSpecBody,
    sends: get('/pricebook/contracts/21'),
    returns: [21, 'Active'],
  },
  {
    name: 'billing.contract (`contracts`)',
    call: (a, signal) => a.billing.contract(21, { signal }).then((c) => c.description),
    body: contractOpenApiBody,
    sends: get('/pricebook/contracts/21'),
    returns: contract.description,
  },
  {
    name: 'billing.usage (deleted, environment)',
    call: (a, signal) =>
      a.billing.usage({ deleted: true, environment: 'prod-norway', signal }).then((d) => d.length),
    body: usageBody,
    sends: get('/billing/billing/usage', { query: { deleted: true, environment: 'prod-norway' } }),
    returns: 2,
  },
  {
    name: 'billing.usage (defaults)',
    call: (a, signal) => a.billing.usage({ signal }).then((d) => d.map((u) => u.total_bill)),
    body: usageBody,
    sends: get('/billing/billing/usage'),
    returns: [34.79, 0.4],
  },
  {
    name: 'billing.payments',
    call: (a, signal) => a.billing.payments({ signal }).then((d) => d.map((p) => p.amount)),
    body: paymentsBody,
    sends: get('/billing/payment/payment-details'),
    returns: [250, null],
  },
];

describe('every operation', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { transport, calls } = recordingTransport(() => c.body);
    const signal = new AbortController().signal;
    const result = await c.call(createApi(transport), signal);
    expect(calls).toHaveLength(1);
    expect(describeCall(calls[0]!)).toEqual(c.sends);
    expect(calls[0]!.signal).toBe(signal);
    expect(result).toEqual(c.returns);
  });
});

describe('path parameters are encoded', () => {
  const hostile = '1/../../auth?x=1#' as unknown as number;
  const { transport, calls } = recordingTransport(() => ({ status: true, message: 'ok', instance: vm(1) }));
  const api = createApi(transport);

  it('in a VM path', async () => {
    await api.vms.get(hostile);
    expect(calls.at(-1)!.path).toBe('/core/virtual-machines/1%2F..%2F..%2Fauth%3Fx%3D1%23');
  });

  it('in a nested path (console job)', async () => {
    const t = recordingTransport(() => consoleUrlBody);
    await createApi(t.transport).vms.consoleUrl(1, 'job/2');
    expect(t.calls[0]!.path).toBe('/core/virtual-machines/1/console/job%2F2');
  });

  it('in a key pair path', async () => {
    const t = recordingTransport(() => ackBody);
    await createApi(t.transport).keypairs.delete(hostile);
    expect(t.calls[0]!.path).toBe('/core/keypair/1%2F..%2F..%2Fauth%3Fx%3D1%23');
  });
});

describe('what the service sends wrong reaches the caller as a schema failure', () => {
  it('vms.list without instances rejects', async () => {
    const { transport } = recordingTransport(() => ({ status: true, message: 'ok' }));
    await expect(createApi(transport).vms.list()).rejects.toThrow(/instances/);
  });
});
