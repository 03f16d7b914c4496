/**
 * Every form of screens/forms/*, built as the app builds them, with the simulator's seeded organisation as their
 * data (environments, key pairs, images, flavors, stock, prices, profiles, VMs, clusters, firewalls). For the
 * tests that must hold for all of them (bounds, hostile keys).
 */

import { afterAll, beforeAll } from 'vitest';
import { historyOf } from '../../screens/billing/history-target.js';
import { autoTopupForm } from '../../screens/forms/auto-topup.js';
import { billingPeriodForm } from '../../screens/forms/billing-period.js';
import { createClusterForm } from '../../screens/forms/cluster-create.js';
import { removeNodesForm } from '../../screens/forms/cluster-nodes-remove.js';
import { createEnvironmentForm } from '../../screens/forms/environment-create.js';
import { firewallAttachForm } from '../../screens/forms/firewall-attach.js';
import { firewallCreateForm } from '../../screens/forms/firewall-create.js';
import { firewallRuleForm } from '../../screens/forms/firewall-rule.js';
import { inviteForm } from '../../screens/forms/invite-create.js';
import { importKeypairForm } from '../../screens/forms/keypair-import.js';
import { renameKeypairForm } from '../../screens/forms/keypair-rename.js';
import { createNodeGroupForm } from '../../screens/forms/node-group-create.js';
import { scaleNodeGroupForm } from '../../screens/forms/node-group-scale.js';
import { snapshotImageForm } from '../../screens/forms/snapshot-image.js';
import { restoreSnapshotForm } from '../../screens/forms/snapshot-restore.js';
import { createVmForm } from '../../screens/forms/vm-create.js';
import { attachToVmForm, attachVolumeForm } from '../../screens/forms/volume-attach.js';
import { createVolumeForm } from '../../screens/forms/volume-create.js';
import { moveVolumeForm } from '../../screens/forms/volume-move.js';
import { voucherForm } from '../../screens/forms/voucher-redeem.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { type FormEnv, formEnv, loadAll } from './forms-harness.js';

export async function allForms(env: FormEnv): Promise<Array<{ name: string; spec: FormSpec }>> {
  const data = await loadAll(env);
  const ctx = { deps: env.deps, data };
  const firewalls = (await env.api.firewalls.list()).items;
  const fw = firewalls[0];
  const kp = data.keypairs?.[0];
  const profile = data.profiles?.[0];
  const listed = (await env.api.snapshots.list()).items.find((x) => x.status === 'SUCCESS');
  if (!fw || !kp || !profile || !listed)
    throw new Error('the seeded organisation has no firewall, key pair, profile or snapshot');
  const snap = { ...listed, ...(await env.api.snapshots.get(listed.id)) };
  const contracts = (await env.api.billing.contracts()).items;
  const listedCluster = (await env.api.clusters.list()).find((c) => c.status === 'ACTIVE');
  if (!listedCluster) throw new Error('the seeded organisation has no ACTIVE cluster');
  const cluster = await env.api.clusters.get(listedCluster.id);
  const group = cluster.node_groups?.[0];
  if (!group) throw new Error(`cluster ${cluster.name} has no node group`);
  const volumes = await env.api.volumes.listAll();
  const types = await env.api.volumes.types();
  const vol = volumes.find((v) => !v.attachments?.length);
  const vm = data.vms?.[0];
  if (!vol || !vm) throw new Error('the seeded organisation has no loose volume or no VM');
  return [
    { name: 'create VM', spec: createVmForm(ctx) },
    { name: 'create VM from a profile', spec: createVmForm(ctx, { profile }) },
    { name: 'create cluster', spec: createClusterForm(ctx) },
    { name: 'add node group', spec: createNodeGroupForm(ctx, cluster) },
    { name: 'scale node group', spec: scaleNodeGroupForm(ctx, cluster, group) },
    { name: 'remove worker nodes', spec: removeNodesForm(ctx, cluster) },
    { name: 'new environment', spec: createEnvironmentForm(ctx) },
    { name: 'import key pair', spec: importKeypairForm(ctx) },
    { name: 'rename key pair', spec: renameKeypairForm(ctx, kp) },
    { name: 'new firewall', spec: firewallCreateForm(env.deps, data.environments ?? [], firewalls) },
    { name: 'add firewall rule', spec: firewallRuleForm(env.deps, fw) },
    { name: 'attach firewall', spec: firewallAttachForm(env.deps, fw, data.vms ?? []) },
    { name: 'invite a member', spec: inviteForm(env.deps) },
    { name: 'restore snapshot', spec: restoreSnapshotForm(env.deps, snap, data, contracts) },
    {
      name: 'billing history period',
      spec: billingPeriodForm(
        env.deps,
        historyOf({ kind: 'vm', id: data.vms?.[0]?.id ?? 1, name: 'vm' }),
        () => {},
      ),
    },
    {
      name: 'make an image of a snapshot',
      spec: snapshotImageForm(env.deps, snap, snap.region ?? undefined),
    },
    { name: 'new volume', spec: createVolumeForm(env.deps, { data, volumes, types }) },
    { name: 'attach a volume to a VM', spec: attachToVmForm(env.deps, vol, data.vms ?? []) },
    { name: 'attach a volume (from the VM)', spec: attachVolumeForm(env.deps, vm, volumes, data.vms ?? []) },
    { name: 'move a volume', spec: moveVolumeForm(env.deps, vol, data.environments ?? []) },
    { name: 'auto top-up', spec: autoTopupForm(env.deps, undefined, 5000) },
    {
      name: 'change auto top-up',
      spec: autoTopupForm(env.deps, { status: 'active', threshold_amount: 100, topup_amount: 500 }, 50),
    },
    { name: 'redeem a voucher', spec: voucherForm(env.deps) },
  ];
}

/** Every form, built once for the test file on one simulator (closed after the file): filled before its tests run. */
export function allFormsPerFile(): Array<{ name: string; spec: FormSpec }> {
  const forms: Array<{ name: string; spec: FormSpec }> = [];
  let env: FormEnv | undefined;
  beforeAll(async () => {
    env = await formEnv();
    forms.push(...(await allForms(env)));
  }, 60_000);
  afterAll(() => env?.close());
  return forms;
}
