/**
 * Contract: the rest of the service an operator touches (issue 25), the client against the simulator over HTTP:
 * API keys (a generated key authenticates until deleted; a list never carries a secret), RBAC roles, object storage,
 * auto top-up (pending until the card is confirmed, then it tops the credit up on the clock) and vouchers, custom
 * images, an environment's VM quota (a create that cannot fit is refused), attaching firewalls from the VM, billing
 * history per kind and a VM's billing events, a contract's VMs and GPU allocation, volume callbacks, invitations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_KINDS, HISTORY_OPERATIONS } from '../../src/api/billing-history-operations.js';
import type { Period } from '../../src/domain/billing-period.js';
import { routes } from '../../src/sim/routes/index.js';
import { ISSUE_25_AWAITING_SCREEN } from '../coverage/ui-paths.js';
import { readDocument } from '../support/openapi.js';
import { apiError, type SimClient, startSimClient, vmBody } from '../support/sim-client.js';
import { simRecorder } from '../support/sim-recorder.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let s: SimClient;
// every request the client sends is validated against the corrected request schema as it arrives
const recorder = simRecorder();
beforeAll(async () => {
  s = await startSimClient({ routes: recorder.wrap(routes) });
});
afterAll(async () => {
  await s.close();
});

const lastDays = (n: number): Period => {
  const end = s.sim.world.now();
  return { start: end - n * DAY, end };
};

describe('API keys', () => {
  it('a generated key is answered once, authenticates, and stops when deleted; the list carries no secret', async () => {
    const before = await s.api.apiKeys.list();
    expect(before.length).toBeGreaterThan(0);
    const { key, secret } = await s.api.apiKeys.generate({ name: 'rotation-test', description: 'new' });
    expect(secret.length).toBeGreaterThan(20);
    const listed = await s.api.apiKeys.list();
    expect(listed.map((k) => k.name)).toContain('rotation-test');
    expect(JSON.stringify(listed)).not.toContain(secret);
    const other = s.client({ key: secret });
    expect((await other.api.apiKeys.list()).length).toBe(listed.length);
    expect((await apiError(s.api.apiKeys.generate({ name: 'rotation-test' }))).status).toBe(409);
    await s.api.apiKeys.update(key.id, { name: 'rotation-test-2' });
    expect((await s.api.apiKeys.list()).find((k) => k.id === key.id)?.name).toBe('rotation-test-2');
    await s.api.apiKeys.delete(key.id);
    expect((await apiError(other.api.apiKeys.list())).status).toBe(401);
  });
});

describe('RBAC', () => {
  it('a role made of permissions, assigned to a member, gives the member those permissions', async () => {
    const perms = await s.api.rbac.permissions();
    const roles = await s.api.rbac.roles();
    expect(roles.length).toBeGreaterThan(0);
    const chosen = perms.slice(0, 2).map((p) => p.id);
    const role = await s.api.rbac.createRole({
      name: 'contract-role',
      description: 'test',
      permissions: chosen,
      policies: [],
    });
    expect((await s.api.rbac.role(role.id)).name).toBe('contract-role');
    const renamed = await s.api.rbac.updateRole(role.id, {
      name: 'contract-role-2',
      description: 'test',
      permissions: chosen,
      policies: [],
    });
    expect(renamed.name).toBe('contract-role-2');
    expect((await s.api.rbac.role(role.id)).name).toBe('contract-role-2');
    const member = (await s.api.auth.organization()).users?.find((u) => u.role !== 'owner');
    expect(member?.id).toBeDefined();
    await s.api.rbac.assignRole(member!.id!, role.id);
    const theirs = await s.api.rbac.userPermissions(member!.id!);
    expect(theirs.map((p) => p.id).sort()).toEqual(expect.arrayContaining(chosen));
    expect((await s.api.rbac.myPermissions()).length).toBeGreaterThan(0);
    await s.api.rbac.removeRole(member!.id!);
    await s.api.rbac.deleteRole(role.id);
    expect((await apiError(s.api.rbac.role(role.id))).status).toBe(404);
  });
});

describe('object storage', () => {
  it('buckets grow on the clock, one is deleted; an access key secret only in its creation', async () => {
    const { buckets } = await s.api.objectStorage.buckets();
    const growing = buckets.find((b) => b.name === 'northwind-checkpoints')!;
    s.clock.advance(DAY);
    const later = await s.api.objectStorage.bucket(growing.name, growing.region);
    expect(Number(later.size_bytes)).toBeGreaterThan(Number(growing.size_bytes));
    await s.api.objectStorage.deleteBucket('tmp-exports', 'CANADA-1');
    expect((await s.api.objectStorage.buckets()).buckets.map((b) => b.name)).not.toContain('tmp-exports');

    const { key, secret } = await s.api.objectStorage.createAccessKey({
      region: 'CANADA-1',
      description: 'x',
    });
    expect(secret.length).toBeGreaterThan(10);
    const keys = await s.api.objectStorage.accessKeys();
    expect(keys.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(keys)).not.toContain(secret);
    await s.api.objectStorage.deleteAccessKey(key.id);
    expect((await s.api.objectStorage.accessKeys()).map((k) => k.id)).not.toContain(key.id);
    // the list comes in pages: every key is read, past the first page
    const model = [...s.sim.world.accessKeys.values()][0]!;
    for (let i = 0; i < 120; i++) s.sim.world.accessKeys.set(9000 + i, { ...model, id: 9000 + i });
    expect((await s.api.objectStorage.accessKeys()).length).toBe(s.sim.world.accessKeys.size);
    expect(await s.api.objectStorage.regions()).toContain('CANADA-1');
    expect(await s.api.objectStorage.health()).toBeTruthy();
  });
});

describe('auto top-up and vouchers', () => {
  it('pending until confirmed, then it tops the credit up when it falls below the threshold', async () => {
    expect(await s.api.topUp.autoTopup()).toBeNull();
    const credit = (await s.api.credit.credit()).credit!;
    const made = await s.api.topUp.create({ threshold_amount: credit + 1000, topup_amount: 500 });
    expect(made?.status).toBe('pending_setup');
    s.clock.advance(HOUR);
    expect((await s.api.topUp.autoTopup())?.status).toBe('active');
    const after = (await s.api.credit.credit()).credit!;
    expect(after).toBeGreaterThan(credit);
    const changed = await s.api.topUp.update({ threshold_amount: 10, topup_amount: 250 });
    expect(changed?.topup_amount).toBe(250);
    await s.api.topUp.disable();
    expect((await s.api.topUp.status()).status).toBe('disabled');
  });

  it('a voucher adds its credit once', async () => {
    const credit = (await s.api.credit.credit()).credit!;
    await s.api.topUp.redeemVoucher('NORTHWIND-Q3');
    expect((await s.api.credit.credit()).credit!).toBeCloseTo(credit + 1000, 0);
    expect((await apiError(s.api.topUp.redeemVoucher('NORTHWIND-Q3'))).status).toBe(400);
  });
});

describe('core extras', () => {
  it('a custom image is read, its name is taken, and it is deleted', async () => {
    const snaps = await s.api.snapshots.list({ pageSize: 500 });
    const golden = snaps.items.find((x) => x.name?.endsWith('-golden-cuda-12'))!;
    const made = (await s.api.snapshots.get(golden.id)).custom_image;
    const imageId = typeof made === 'object' ? made?.id : undefined;
    expect(imageId).toBeDefined();
    const image = await s.api.images.get(imageId!);
    expect(image.name).toBe('golden-cuda-12');
    expect((await s.api.images.nameAvailable('golden-cuda-12')).available).toBe(false);
    await s.api.images.delete(imageId!);
    expect((await apiError(s.api.images.get(imageId!))).status).toBe(404);
    expect((await s.api.images.nameAvailable('golden-cuda-12')).available).toBe(true);
  });

  it("an environment's VM quota, and a create that cannot fit refused", async () => {
    const env = (await s.api.environments.list()).items.find((e) => e.name === 'sandbox')!;
    const q = await s.api.environments.vmQuota(env.id);
    expect(q.max).toBe(10);
    expect(q.available).toBe(10 - (q.current ?? 0));
    const key = (await s.api.keypairs.list()).items.find(
      (k) => (typeof k.environment === 'string' ? k.environment : k.environment?.name) === 'sandbox',
    );
    const refused = await apiError(
      s.api.vms.create(
        vmBody('too-many', {
          environment_name: 'sandbox',
          key_name: key?.name ?? '',
          count: q.available! + 1,
        }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(`can hold ${q.available} more VM`);
  });

  it('firewalls attached from the VM: those not listed are detached', async () => {
    const vm = (await s.api.vms.list({ pageSize: 50 })).items.find((v) => v.status === 'ACTIVE')!;
    const fws = (await s.api.firewalls.list()).items.filter(
      (f) => f.environment?.name === vm.environment?.name,
    );
    expect(fws.length).toBeGreaterThan(0);
    await s.api.vms.attachFirewalls(vm.id, [fws[0]!.id]);
    const fw = await s.api.firewalls.get(fws[0]!.id);
    expect(fw.attachments?.map((a) => a.vm?.id)).toContain(vm.id);
    await s.api.vms.attachFirewalls(vm.id, []);
    expect((await s.api.firewalls.get(fws[0]!.id)).attachments?.map((a) => a.vm?.id)).not.toContain(vm.id);
  });

  it('GPUs, rule protocols, defaults, name availability', async () => {
    expect((await s.api.catalog.gpus()).length).toBeGreaterThan(0);
    expect(await s.api.firewalls.protocols()).toContain('tcp');
    expect(Array.isArray(await s.api.catalog.defaults())).toBe(true);
    const vm = (await s.api.vms.list({ pageSize: 5 })).items[0]!;
    expect((await s.api.vms.nameAvailable(vm.name!)).available).toBe(false);
    expect((await s.api.vms.nameAvailable('no-such-vm-name')).available).toBe(true);
    expect((await s.api.environments.nameAvailable('no-such-env')).available).toBe(true);
    expect((await s.api.snapshots.nameAvailable('no-such-snapshot')).available).toBe(true);
  });
});

describe('billing history, contracts', () => {
  it('per kind: what each resource billed; a VM billing events and sub-resources', async () => {
    const p = lastDays(7);
    const vms = await s.api.billingHistory.kinds['virtual-machine'].list(p);
    expect(vms.rows.length).toBeGreaterThan(0);
    const first = vms.rows[0]!;
    expect((await s.api.billingHistory.kinds['virtual-machine'].detail(first.id, p))?.bill).toBeCloseTo(
      first.bill!,
      2,
    );
    const events = await s.api.billingHistory.vmEvents(first.id, p);
    expect(Array.isArray(events)).toBe(true);
    const parts = await s.api.billingHistory.vmSubResources(first.id, p);
    expect(Object.keys(parts.totals).length).toBeGreaterThan(0);
    expect((await s.api.billingHistory.kinds.bucket.list(p)).rows.length).toBeGreaterThan(0);
    const clusters = await s.api.billingHistory.kinds.cluster.list(p);
    if (clusters.rows[0])
      expect(
        (await s.api.billingHistory.kinds.cluster.graph(clusters.rows[0].id, p)).points.length,
      ).toBeGreaterThan(0);
  });

  it("every kind: its list, one resource's bill and (clusters, snapshots) its graph, each by the kind's operation", async () => {
    const p = lastDays(30);
    const h = s.api.billingHistory.kinds;
    const sent = recorder.requests.length;
    for (const kind of HISTORY_KINDS) {
      const first = (await h[kind].list(p)).rows[0];
      expect(first, kind).toBeDefined();
      expect((await h[kind].detail(first!.id, p))?.id, kind).toBe(first!.id);
      if (kind === 'cluster' || kind === 'snapshot') await h[kind].graph(first!.id, p);
    }
    const asked = recorder.requests.slice(sent);
    expect(asked.map((r) => r.operationId)).toEqual(
      HISTORY_KINDS.flatMap((k) => {
        const ops = HISTORY_OPERATIONS[k];
        return [ops.list.id, ops.detail.id, ...(k === 'cluster' || k === 'snapshot' ? [ops.graph.id] : [])];
      }),
    );
    expect(asked.flatMap((r) => r.errors)).toEqual([]);
  });

  it("a contract's VMs and its GPU allocation", async () => {
    const vm = (await s.api.vms.list({ pageSize: 200 })).items.find((v) => v.contract_id != null);
    expect(vm).toBeDefined();
    const under = await s.api.contracts.vms(vm!.contract_id!);
    expect(under.map((v) => v.id)).toContain(vm!.id);
    const alloc = await s.api.contracts.gpuAllocation(vm!.contract_id!, lastDays(2));
    expect(alloc.points.length).toBeGreaterThan(0);
  });
});

describe('volume callbacks, invitations', () => {
  it("a volume's callback is set, changed and removed", async () => {
    const vol = (await s.api.volumes.list()).items[0]!;
    expect(await s.api.volumes.attachCallback(vol.id, 'https://example.com/a')).toBe('https://example.com/a');
    expect(await s.api.volumes.updateCallback(vol.id, 'https://example.com/b')).toBe('https://example.com/b');
    expect((await s.api.volumes.get(vol.id)).callback_url).toBe('https://example.com/b');
    await s.api.volumes.deleteCallback(vol.id);
    expect((await s.api.volumes.get(vol.id)).callback_url ?? null).toBeNull();
  });

  it('a pending invitation accepted makes a member', async () => {
    const inv = await s.api.auth.invites.create('new.person@example.com');
    void inv;
    const pending = (await s.api.auth.invites.list()).find((i) => i.email === 'new.person@example.com')!;
    await s.api.auth.invites.accept(pending.id);
    const org = await s.api.auth.organization();
    expect(org.users?.map((u) => u.email)).toContain('new.person@example.com');
  });
});

describe('what the client sent', () => {
  it('every request validates against the corrected request schema; every write awaiting its screen was sent', () => {
    expect(recorder.requests.filter((r) => r.errors.length > 0)).toEqual([]);
    const withBody = new Set(recorder.requests.filter((r) => r.hasBody).map((r) => r.operationId));
    const writes = ['POST', 'PUT'];
    // the writes whose screen is not built yet (the list shrinks as screens land): each sent here, with its body
    const methodOf = new Map<string, string>();
    for (const item of Object.values(readDocument().paths))
      for (const [method, op] of Object.entries(item))
        methodOf.set((op as { operationId?: string }).operationId ?? '', method.toUpperCase());
    const awaitingWrites = ISSUE_25_AWAITING_SCREEN.filter((id) => writes.includes(methodOf.get(id) ?? ''));
    const sent = awaitingWrites.filter((id) =>
      recorder.requests.some((r) => r.operationId === id && writes.includes(r.method)),
    );
    expect(sent.filter((id) => !withBody.has(id))).toEqual([]);
    expect(sent).toEqual(awaitingWrites);
  });
});
