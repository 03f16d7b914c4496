import { describe, expect, it } from 'vitest';
import { CallbackResponse } from '../../src/api/schemas/callback.js';
import {
  ClusterEventsResponse,
  ClusterListResponse,
  ClusterResponse,
  ClusterVersionsResponse,
} from '../../src/api/schemas/cluster.js';
import { ConsoleRequestResponse, ConsoleUrlResponse } from '../../src/api/schemas/console.js';
import { EnvironmentListResponse, EnvironmentResponse } from '../../src/api/schemas/environment.js';
import { VmEventsResponse } from '../../src/api/schemas/events.js';
import {
  FirewallListResponse,
  FirewallResponse,
  FirewallRuleResponse,
  SecurityRuleResponse,
} from '../../src/api/schemas/firewall.js';
import { KeypairListResponse } from '../../src/api/schemas/keypair.js';
import { VmMetricsResponse } from '../../src/api/schemas/metrics.js';
import { ProfileListResponse, ProfileResponse } from '../../src/api/schemas/profile.js';
import { SnapshotListResponse, SnapshotResponse } from '../../src/api/schemas/snapshot.js';
import {
  cluster,
  clusterEventsBody,
  clusterListBody,
  clusterVersionsOpenApiBody,
  clusterVersionsSpecBody,
} from '../fixtures/api/cluster.js';
import { environmentBody, environmentListBody, keypairListBody } from '../fixtures/api/core.js';
import {
  firewallCreatedBody,
  firewallListBody,
  firewallRuleBody,
  securityRuleBody,
} from '../fixtures/api/firewall.js';
import { profileBody, profileData, profileListBody } from '../fixtures/api/profile.js';
import { snapshotDetailBody, snapshotDetailOpenApiBody, snapshotListBody } from '../fixtures/api/snapshot.js';
import {
  callbackBody,
  consoleUrlBody,
  metricsBody,
  metricsWrappedBody,
  requestConsoleBody,
  vmEventsBody,
} from '../fixtures/api/vm-extras.js';
import { clone, firstIssue } from '../fixtures/schema-helpers.js';

describe('environments', () => {
  it('accepts a paginated list with extra fields and a null created_at', () => {
    const r = EnvironmentListResponse.parse(environmentListBody);
    expect([r.page, r.page_size, r.count]).toEqual([1, 20, 2]);
    expect(r.environments[0]!.features).toEqual({ network_optimised: true, green_status: 'GREEN' });
    expect(r.environments[1]!.created_at).toBeNull();
  });
  it('accepts a region the spec does not name', () => {
    const r = EnvironmentResponse.parse({ environment: { ...environmentBody.environment, region: 'US-1' } });
    expect(r.environment.region).toBe('US-1');
  });
  it('rejects an environment without a region', () => {
    const body = clone(environmentBody);
    delete (body.environment as Record<string, unknown>).region;
    expect(firstIssue(EnvironmentResponse, body).path).toBe('environment.region');
  });
});

describe('key pairs', () => {
  it('accepts the environment as an object (service) or a name (spec), and null fingerprints', () => {
    const r = KeypairListResponse.parse(keypairListBody);
    expect(r.keypairs[0]!.environment).toMatchObject({ name: 'prod-norway' });
    expect(r.keypairs[1]!.environment).toBe('ca-dev');
    expect(r.keypairs[1]!.fingerprint).toBeNull();
  });
  it('rejects an id that is not a number', () => {
    const body = clone(keypairListBody);
    (body.keypairs[1] as Record<string, unknown>).id = null;
    expect(firstIssue(KeypairListResponse, body).path).toBe('keypairs[1].id');
  });
});

describe('firewalls', () => {
  it('accepts a list with rules (null ports) and attachments', () => {
    const r = FirewallListResponse.parse(firewallListBody);
    const fw = r.firewalls[0]!;
    expect(fw.description).toBeNull();
    expect(fw.rules?.[1]?.port_range_max).toBeNull();
    expect(fw.attachments?.[0]?.vm?.status).toBe('HIBERNATED');
    expect(fw.org_id).toBe(42);
  });
  it('accepts a created firewall without rules and attachments', () => {
    expect(FirewallResponse.parse(firewallCreatedBody).firewall.rules).toBeUndefined();
  });
  it('accepts the added rule under `firewall_rule` and `security_rule`', () => {
    expect(FirewallRuleResponse.parse(firewallRuleBody).firewall_rule.id).toBe(503);
    expect(SecurityRuleResponse.parse(securityRuleBody).security_rule.id).toBe(504);
  });
  it('rejects a rule without a direction, naming it', () => {
    const body = clone(firewallListBody);
    delete (body.firewalls[0]!.rules[0] as Record<string, unknown>).direction;
    expect(firstIssue(FirewallListResponse, body).path).toBe('firewalls[0].rules[0].direction');
  });
  it('rejects an attachment whose vm id is a string', () => {
    const body = clone(firewallListBody);
    (body.firewalls[0]!.attachments[0]!.vm as Record<string, unknown>).id = '1';
    expect(firstIssue(FirewallListResponse, body).path).toBe('firewalls[0].attachments[0].vm.id');
  });
});

describe('snapshots', () => {
  it('accepts a paginated list', () => {
    const r = SnapshotListResponse.parse(snapshotListBody);
    expect(r.count).toBe(1);
    expect(r.snapshots[0]!.labels).toEqual(['nightly']);
  });
  it('accepts the detail with vm_* objects (spec)', () => {
    const s = SnapshotResponse.parse(snapshotDetailBody).snapshot;
    expect(s.vm_flavor).toMatchObject({ name: 'n3-A100x1', features: { network_optimised: true } });
  });
  it('accepts the detail with vm_* strings and labels as one string (OpenAPI)', () => {
    const s = SnapshotResponse.parse(snapshotDetailOpenApiBody).snapshot;
    expect(s.vm_flavor).toBe('n3-A100x1');
    expect(s.labels).toBe('nightly');
    expect(s.custom_image).toBeNull();
  });
  it('rejects a snapshot without a status', () => {
    const body = clone(snapshotListBody);
    delete (body.snapshots[0] as Record<string, unknown>).status;
    expect(firstIssue(SnapshotListResponse, body).path).toBe('snapshots[0].status');
  });
});

describe('profiles', () => {
  it('parses `data` sent as a JSON string into the object', () => {
    expect(ProfileResponse.parse(profileBody).profile.data).toEqual(profileData);
  });
  it('accepts `data` sent as an object', () => {
    expect(ProfileListResponse.parse(profileListBody).profiles[1]!.data).toEqual({ count: 2 });
  });
  it('reads a data string that is not a JSON object as null: the profile is still listed', () => {
    // the document's own example sends `data: "data"`
    for (const data of ['{"environment_name": "prod', 'data', '[1]', '']) {
      const body = clone(profileListBody);
      body.profiles[0]!.data = data;
      const p = ProfileListResponse.parse(body).profiles[0]!;
      expect(p.data, data).toBeNull();
      expect(p.name).toBe(profileListBody.profiles[0]!.name);
    }
  });
  it('reads yes/no and counts the create payload stores as text', () => {
    const body = clone(profileBody);
    body.profile.data = JSON.stringify({ count: '2', assign_floating_ip: 'true', create_bootable_volume: 0 });
    expect(ProfileResponse.parse(body).profile.data).toMatchObject({
      count: 2,
      assign_floating_ip: true,
      create_bootable_volume: false,
    });
  });
  it('rejects JSON whose fields have the wrong type, naming the inner field', () => {
    const body = clone(profileBody);
    body.profile.data = JSON.stringify({ count: 'two' });
    expect(firstIssue(ProfileResponse, body).path).toBe('profile.data.count');
  });
});

describe('clusters', () => {
  it('accepts a cluster with the spec fields and the service newer fields', () => {
    const c = ClusterListResponse.parse(clusterListBody).clusters[0]!;
    expect(c.node_flavor?.ram).toBe(120);
    expect(c.node_addresses).toEqual(['185.0.0.11', '185.0.0.12']);
    expect(c.status_reason).toBeNull();
    expect(c.node_groups).toHaveLength(1);
    expect(c.is_reconciling).toBe(false);
  });
  it('accepts a CREATING cluster with little filled in', () => {
    const c = {
      id: 4,
      name: 'new',
      status: 'CREATING',
      kube_config: null,
      api_address: null,
      node_flavor: null,
    };
    expect(ClusterResponse.parse({ cluster: c }).cluster).toEqual(c);
  });
  it('rejects a cluster whose status is not a string', () => {
    expect(firstIssue(ClusterResponse, { cluster: { ...cluster, status: null } }).path).toBe(
      'cluster.status',
    );
  });
  it('accepts events and rejects a missing cluster_events', () => {
    expect(ClusterEventsResponse.parse(clusterEventsBody).cluster_events[0]!.reason).toBe('ClusterCreating');
    expect(firstIssue(ClusterEventsResponse, { status: true }).path).toBe('cluster_events');
  });
  it('accepts versions in both shapes, and rejects neither', () => {
    expect(ClusterVersionsResponse.parse(clusterVersionsSpecBody).kubernetes_version).toEqual([
      '1.27.8',
      '1.28.5',
    ]);
    expect(ClusterVersionsResponse.parse(clusterVersionsOpenApiBody).versions?.[1]?.version).toBe('1.28.5');
    expect(firstIssue(ClusterVersionsResponse, { status: true }).path).toBe('kubernetes_version');
  });
});

describe('VM metrics, events, console, callback', () => {
  it('accepts envelope-less metrics: series keyed by name', () => {
    const m = VmMetricsResponse.parse(metricsBody);
    expect(Object.keys(m)).toEqual([
      'cpu',
      'memory.usages',
      'network.in',
      'network.out',
      'disk.read',
      'disk.write',
    ]);
    expect(m.cpu!.data[1]).toEqual(['2023-09-01T01:24:00+00:00', 60, null]);
  });
  it('accepts metrics wrapped in an envelope under `metrics`', () => {
    expect(Object.keys(VmMetricsResponse.parse(metricsWrappedBody))).toEqual(['cpu']);
  });
  it('rejects a series without data, naming it', () => {
    const body = clone(metricsBody) as Record<string, unknown>;
    body['network.in'] = { unit: 'B', columns: [] };
    expect(firstIssue(VmMetricsResponse, body).path).toBe('network.in.data');
  });
  it('accepts VM events and rejects a missing instance_events', () => {
    expect(VmEventsResponse.parse(vmEventsBody).instance_events[0]!.reason).toBe('Started');
    expect(firstIssue(VmEventsResponse, { status: true }).path).toBe('instance_events');
  });
  it('accepts console answers: nested or plain vnc_url', () => {
    expect(ConsoleRequestResponse.parse(requestConsoleBody).url).toContain('/console/88');
    expect(ConsoleUrlResponse.parse(consoleUrlBody).vnc_url).toMatchObject({ id: 88 });
    expect(ConsoleUrlResponse.parse({ vnc_url: 'https://x.invalid' }).vnc_url).toBe('https://x.invalid');
    expect(firstIssue(ConsoleUrlResponse, { status: true }).path).toBe('vnc_url');
  });
  it('accepts the callback url and rejects its absence', () => {
    expect(CallbackResponse.parse(callbackBody).url).toBe('https://hooks.example.invalid/vm');
    expect(firstIssue(CallbackResponse, { status: true }).path).toBe('url');
  });
});
