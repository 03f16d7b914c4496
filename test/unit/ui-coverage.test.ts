/**
 * Every operation of the service is usable from the UI. One table: each client function, the operation(s) of
 * service-api.md §4 it calls, and the UI path that reaches it. The test fails when
 * - an operation of §4 has no client function in the table,
 * - a client function is in neither the table nor INTERNAL (with its reason),
 * - a function the table says the UI reaches is called from nowhere in the UI side (src/store, src/ui, src/app,
 *   screens: the api and the simulator do not count).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedApi } from '../../src/api/client.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const SPEC = join(ROOT, 'test/fixtures/spec/service-api.md');

interface Reach {
  /** The §4 operations it calls ("GET /core/flavors"); several when the spec lists alternatives. */
  ops: readonly string[];
  /** Where in the UI: the screen and key, or the form, that calls it. */
  ui: string;
}

/** Client function ("vms.start") → the operations it calls and the UI path that reaches it. */
const COVERAGE: Record<string, Reach> = {
  'auth.organization': { ops: ['GET /auth/organizations'], ui: ':org, organization and members' },
  'auth.removeMember': { ops: ['POST /auth/organizations/remove-member'], ui: ':org, members pane, D' },
  'auth.renameOrganization': { ops: ['PUT /auth/organizations/update'], ui: ':org, rename' },
  'auth.invites': {
    ops: ['POST /auth/invites', 'GET /auth/invites', 'DELETE /auth/invites/{id}'],
    ui: ':org, invites pane: list, send, delete',
  },
  'auth.policies': { ops: ['GET /auth/policies'], ui: ':org, policies pane' },
  'environments.list': { ops: [], ui: 'key pairs screen (6), every form that picks an environment' },
  'environments.get': { ops: [], ui: 'key pairs screen: the detail of an environment' },
  'environments.create': { ops: ['POST /core/environments'], ui: 'key pairs screen, E' },
  'environments.update': { ops: [], ui: 'key pairs screen, e' },
  'environments.delete': { ops: [], ui: 'key pairs screen, X' },
  'keypairs.list': { ops: ['GET /core/keypairs'], ui: 'key pairs screen (6)' },
  'keypairs.import': { ops: ['POST /core/keypairs'], ui: 'key pairs screen, i; create VM, "import a key"' },
  'keypairs.rename': { ops: ['PUT /core/keypair/{id}'], ui: 'key pairs screen, n' },
  'keypairs.delete': { ops: ['DELETE /core/keypair/{id}'], ui: 'key pairs screen, D' },
  'regions.list': { ops: [], ui: 'region filter (R), palette, new environment form' },
  'catalog.flavors': { ops: ['GET /core/flavors'], ui: 'stock screen (1), flavors pane; create forms' },
  'catalog.images': { ops: ['GET /core/images'], ui: 'create VM form, image field' },
  'catalog.stocks': { ops: ['GET /core/stocks'], ui: 'stock screen (1)' },
  'catalog.dashboard': { ops: ['GET /core/dashboard'], ui: 'stock screen totals, billing screen' },
  'vms.listAll': { ops: ['GET /core/virtual-machines'], ui: 'VMs screen (2)' },
  'vms.create': { ops: ['POST /core/virtual-machines'], ui: 'VMs screen, c (and P from a profile)' },
  'vms.get': { ops: ['GET /core/virtual-machines/{id}'], ui: 'VMs screen, the detail of a VM' },
  'vms.start': { ops: ['GET /core/virtual-machines/{id}/start'], ui: 'VMs screen, s' },
  'vms.stop': { ops: ['GET /core/virtual-machines/{id}/stop'], ui: 'VMs screen, x' },
  'vms.hardReboot': { ops: ['GET /core/virtual-machines/{id}/hard-reboot'], ui: 'VMs screen, b' },
  'vms.hibernate': { ops: ['GET /core/virtual-machines/{id}/hibernate'], ui: 'VMs screen, h' },
  'vms.hibernateRestore': { ops: ['GET /core/virtual-machines/{id}/hibernate-restore'], ui: 'VMs screen, w' },
  'vms.resize': {
    ops: ['GET /core/virtual-machines/{virtual_machine_id}/resize'],
    ui: 'VMs screen, resize form',
  },
  'vms.delete': { ops: ['DELETE /core/virtual-machines/{id}'], ui: 'VMs screen, D' },
  'vms.metrics': { ops: ['GET /core/virtual-machines/{id}/metrics'], ui: 'VMs screen, the detail: metrics' },
  'vms.events': { ops: ['GET /core/virtual-machines/{id}/events'], ui: 'VMs screen, the detail: events' },
  'vms.addRule': { ops: ['POST /core/virtual-machines/{id}/sg-rules'], ui: 'VMs screen, a (and p: SSH)' },
  'vms.deleteRule': {
    ops: ['DELETE /core/virtual-machines/{id}/sg-rules/{sg_rule_id}'],
    ui: 'VMs screen, the detail: delete a rule',
  },
  'vms.attachCallback': {
    ops: ['POST /core/virtual-machines/{id}/attach-callback'],
    ui: 'VMs screen, callback form',
  },
  'vms.updateCallback': {
    ops: ['PUT /core/virtual-machines/{id}/update-callback'],
    ui: 'VMs screen, callback form',
  },
  'vms.deleteCallback': {
    ops: ['DELETE /core/virtual-machines/{id}/delete-callback'],
    ui: 'VMs screen, callback form',
  },
  'vms.requestConsole': {
    ops: ['GET /core/virtual-machines/{id}/request-console'],
    ui: 'VMs screen, console',
  },
  'vms.consoleUrl': {
    ops: ['GET /core/virtual-machines/{virtual_machine_id}/console/{job_id}'],
    ui: 'VMs screen, console',
  },
  'vms.editLabels': { ops: [], ui: 'VMs screen, t (OpenAPI Add_VM_Label)' },
  'vms.requestLogs': { ops: [], ui: 'VMs screen, l (OpenAPI: request the console log)' },
  'vms.logs': { ops: [], ui: 'VMs screen, l: the log in the detail' },
  'vms.attachFloatingIp': { ops: [], ui: 'VMs screen, f' },
  'vms.detachFloatingIp': { ops: [], ui: 'VMs screen, F' },
  'firewalls.list': { ops: ['GET /core/firewalls'], ui: 'firewalls screen (4)' },
  'firewalls.get': { ops: ['GET /core/firewalls/{id}'], ui: 'firewalls screen, the detail' },
  'firewalls.create': { ops: ['POST /core/firewalls'], ui: 'firewalls screen, n' },
  'firewalls.delete': { ops: ['DELETE /core/firewalls/{id}'], ui: 'firewalls screen, D' },
  'firewalls.addRule': {
    ops: ['POST /core/firewalls/{firewall_id}/firewall-rules'],
    ui: 'firewalls screen, a',
  },
  'firewalls.deleteRule': {
    ops: ['DELETE /core/firewalls/{firewall_id}/firewall-rules/{firewall_rule_id}'],
    ui: 'firewalls screen, x',
  },
  'firewalls.updateAttachments': {
    ops: ['POST /core/firewalls/{firewall_id}/update-attachments'],
    ui: 'firewalls screen, A',
  },
  'snapshots.listAll': { ops: ['GET /core/snapshots'], ui: ':snapshots' },
  'snapshots.events': { ops: [], ui: ':snapshots, the detail: events (OpenAPI List_Snapshot_Events)' },
  'snapshots.createImage': { ops: [], ui: ':snapshots, i (OpenAPI Create_custom_image)' },
  'snapshots.get': { ops: ['GET under /core/snapshots/'], ui: ':snapshots, the detail' },
  'snapshots.create': { ops: ['POST under /core/virtual-machines/'], ui: 'VMs screen, n' },
  'snapshots.delete': { ops: ['DELETE under /core/virtual-machines/'], ui: ':snapshots, D' },
  'snapshots.restore': { ops: ['POST under /core/snapshots/'], ui: ':snapshots, restore form' },
  // volumes: OpenAPI only (service-api.md §4 lists no volume operation)
  'volumes.listAll': { ops: [], ui: ':volumes; the attach-volume form of a VM' },
  'volumes.get': { ops: [], ui: ':volumes, the detail' },
  'volumes.types': { ops: [], ui: ':volumes, c: the type field' },
  'volumes.nameAvailable': { ops: [], ui: ':volumes, c: checked before the create is sent' },
  'volumes.create': { ops: [], ui: ':volumes, c' },
  'volumes.delete': { ops: [], ui: ':volumes, D' },
  'volumes.moveTo': { ops: [], ui: ':volumes, m' },
  'volumes.attach': { ops: [], ui: ':volumes, a; VMs screen, detail, A' },
  'volumes.detach': { ops: [], ui: ':volumes, x; VMs screen, detail, X' },
  'volumes.setAttachmentProtected': { ops: [], ui: ':volumes, p' },
  'profiles.list': { ops: ['GET /core/profiles'], ui: ':profiles; create VM from a profile (P)' },
  'profiles.get': { ops: ['GET /core/profiles/{id}'], ui: ':profiles, the detail' },
  'profiles.create': { ops: ['POST /core/profiles'], ui: 'create VM form, "save as profile"' },
  'profiles.delete': { ops: ['DELETE /core/profiles/{id}'], ui: ':profiles, D' },
  'clusters.versionList': { ops: ['GET /core/clusters/versions'], ui: 'create cluster form, version field' },
  'clusters.create': { ops: ['POST /core/clusters'], ui: 'clusters screen (3), c' },
  'clusters.list': { ops: ['GET /core/clusters'], ui: 'clusters screen (3)' },
  'clusters.get': { ops: ['GET /core/clusters/{id}'], ui: 'clusters screen, the detail' },
  'clusters.delete': { ops: ['DELETE /core/clusters/{id}'], ui: 'clusters screen, D' },
  'clusters.events': { ops: ['GET /core/clusters/{id}/events'], ui: 'clusters screen, the detail: events' },
  'clusters.createNodeGroup': { ops: [], ui: 'clusters screen, a (add node group)' },
  'clusters.updateNodeGroup': { ops: [], ui: 'clusters screen, S (scale node group: min/max)' },
  'clusters.deleteNodeGroup': { ops: [], ui: 'clusters screen, X (delete node group, its name typed)' },
  'clusters.addNodes': { ops: [], ui: 'clusters screen, S (scale node group up)' },
  'clusters.deleteNode': { ops: [], ui: 'clusters screen, x (remove one node) and S (scale down by one)' },
  'clusters.deleteNodes': { ops: [], ui: 'clusters screen, x (remove several nodes) and S (scale down)' },
  'clusters.reconcile': { ops: [], ui: 'clusters screen, e (reconcile)' },
  'clusters.masterFlavors': { ops: [], ui: 'create cluster form, master flavor field' },
  'billing.pricebook': { ops: [], ui: 'prices in the stock screen and every create form' },
  'billing.resourceRate': {
    ops: ['GET /pricebook/calculate/resource/{resource_type}/{resource_id}'],
    ui: 'VM, cluster and usage details: the hourly rate',
  },
  'billing.contracts': { ops: ['GET /pricebook/contracts'], ui: 'billing screen, c' },
  'billing.contract': {
    ops: ['GET /pricebook/contracts/{contract_id}'],
    ui: 'VMs screen, the detail of a VM under a contract',
  },
  'billing.usage': { ops: ['GET /billing/billing/usage'], ui: 'billing screen (5), u' },
  'billing.payments': { ops: ['GET /billing/payment/payment-details'], ui: 'billing screen, p' },
  'credit.credit': { ops: [], ui: 'billing screen, credit line; the header warning on every screen' },
  'credit.lastDayCost': { ops: [], ui: 'billing screen, credit line (last day)' },
  'credit.thresholds': { ops: [], ui: 'billing screen, a (alerts)' },
  'credit.setThresholdSubscription': { ops: [], ui: 'billing screen, a: s subscribe, x unsubscribe' },
  'credit.vmGraph': { ops: [], ui: 'billing screen, H on a VM usage row; VMs screen, B in the detail' },
  'credit.volumeGraph': { ops: [], ui: 'billing screen, H on a volume usage row' },
};

/** Client functions the UI does not call directly, and why. */
const INTERNAL: Record<string, string> = {
  'vms.list': 'one page of VMs: vms.listAll walks the pages with it',
  'snapshots.list': 'one page of snapshots: snapshots.listAll walks the pages with it',
  'clusters.versions':
    'the versions of one region: the cluster form takes them from versionList, which has them all with their regions',
  'clusters.nodeGroups':
    "the cluster's single read carries its node_groups whole: the detail and forms use it",
  'clusters.nodeGroup': "the cluster's single read carries each node group whole",
  'clusters.nodes':
    "the cluster's single read carries its nodes whole: the detail and the remove form use it",
  'clusters.nameAvailable':
    'the create-cluster form checks the name against the clusters it loaded, live as it is typed',
  'volumes.list': 'one page of volumes: volumes.listAll walks the pages with it',
};

function uiSource(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f)) files.push(p);
    }
  };
  for (const d of ['src/store', 'src/ui', 'src/app', 'screens']) walk(join(ROOT, d));
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

async function clientFunctions(): Promise<string[]> {
  const api = (await loadedApi({ request: async () => ({}) } as never)) as unknown as Record<string, object>;
  return Object.entries(api).flatMap(([group, fns]) => Object.keys(fns).map((fn) => `${group}.${fn}`));
}

/** The operations of §4: "METHOD /path" of every row of its tables. */
function specOperations(): string[] {
  const md = readFileSync(SPEC, 'utf8');
  const section = md.slice(md.indexOf('\n## 4'), md.indexOf('\n## 5'));
  return [...section.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| ([^|]+?) \|/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
}

describe('every operation is usable from the UI', () => {
  it('every operation of service-api.md §4 has its client function in the table', () => {
    const ops = specOperations();
    expect(ops.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(Object.values(COVERAGE).flatMap((r) => r.ops));
    expect(ops.filter((op) => !covered.has(op))).toEqual([]);
  });

  it('every client function is in the table or listed as internal with its reason', async () => {
    const fns = await clientFunctions();
    expect(fns.filter((fn) => !(fn in COVERAGE) && !(fn in INTERNAL))).toEqual([]);
    expect(Object.keys(COVERAGE).filter((fn) => !fns.includes(fn))).toEqual([]);
  });

  it('every function of the table is called from the UI side (store, ui, app, screens)', () => {
    const src = uiSource();
    const unreached = Object.keys(COVERAGE).filter((fn) => {
      const [group, name] = fn.split('.');
      return !new RegExp(`\\.${group}\\.${name}\\b`).test(src);
    });
    expect(unreached).toEqual([]);
  });
});
