/**
 * The operations of issue 25 through the conformance recorder (test/contract/openapi-conformance.test.ts): every
 * answer, 2xx and refusal, validated against the document's schema for its operation and status.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Reply {
  status: number;
  body: unknown;
}
export type Call = (
  method: Method,
  path: string,
  options?: { body?: unknown; expect?: number | number[]; key?: string | null },
) => Promise<Reply>;

/** A value inside a JSON body (`at(body, 'instances', 0, 'id')`), or undefined. */
export function at(value: unknown, ...keys: Array<string | number>): unknown {
  let v = value;
  for (const k of keys) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const ok = { expect: 200 };

/** API keys, RBAC roles and permissions, accepting an invitation. */
export async function accessConformance(call: Call, missing: (what: string) => void): Promise<void> {
  await call('GET', '/api-key', ok);
  const made = await call('POST', '/api-key/generate', {
    body: { name: 'conformance-key', description: 'x' },
    ...ok,
  });
  await call('POST', '/api-key/generate', { body: { name: 'conformance-key' }, expect: 409 });
  await call('POST', '/api-key/generate', { body: { name: '' }, expect: 400 });
  const keyId = num(at(made.body, 'api_key', 'id'));
  if (keyId === undefined) missing('PUT/DELETE /api-key/{id}: no key generated');
  else {
    await call('PUT', `/api-key/${keyId}`, { body: { name: 'conformance-key-2' }, ...ok });
    await call('DELETE', `/api-key/${keyId}`, ok);
    await call('DELETE', `/api-key/${keyId}`, { expect: 404 });
  }

  await call('GET', '/auth/permissions', ok);
  const perms = list(at((await call('GET', '/auth/permissions', ok)).body, 'permissions'));
  const roles = await call('GET', '/auth/roles', ok);
  const roleId = num(at(list(at(roles.body, 'roles'))[0], 'id'));
  if (roleId !== undefined) await call('GET', `/auth/roles/${roleId}`, ok);
  await call('GET', '/auth/roles/999999', { expect: 404 });
  const body = {
    name: 'conformance-role',
    description: 'd',
    permissions: [num(at(perms[0], 'id')) ?? 0],
    policies: [],
  };
  const created = await call('POST', '/auth/roles', { body, expect: 201 });
  await call('POST', '/auth/roles', { body, expect: 409 });
  await call('POST', '/auth/roles', { body: { name: 'x' }, expect: 400 });
  const newRole = num(at(created.body, 'role', 'id'));
  await call('GET', '/auth/users/me/permissions', ok);
  const org = await call('GET', '/auth/organizations', ok);
  const userId = num(at(list(at(org.body, 'organization', 'users')).at(-1), 'id'));
  if (newRole === undefined || userId === undefined) missing('role assignment: no role or member');
  else {
    await call('PUT', `/auth/roles/${newRole}`, { body: { ...body, name: 'conformance-role-2' }, ...ok });
    await call('PUT', `/auth/users/${userId}/assign-roles`, { body: { role_id: newRole }, ...ok });
    await call('PUT', `/auth/users/${userId}/assign-roles`, { body: { role_id: 999999 }, expect: 404 });
    await call('GET', `/auth/users/${userId}/permissions`, ok);
    await call('DELETE', `/auth/users/${userId}/roles`, ok);
    await call('DELETE', `/auth/users/${userId}/roles`, { expect: 400 });
    await call('DELETE', `/auth/roles/${newRole}`, ok);
  }
  await call('GET', '/auth/users/999999/permissions', { expect: 400 });

  const invite = await call('POST', '/auth/invites', { body: { email: 'accept@example.com' }, expect: 201 });
  const inviteId = num(at(invite.body, 'invite', 'id'));
  if (inviteId === undefined) missing('GET /auth/invites/{id}/accept: no invitation');
  else {
    await call('GET', `/auth/invites/${inviteId}/accept`, ok);
    await call('GET', `/auth/invites/${inviteId}/accept`, { expect: 400 });
  }
  await call('GET', '/auth/invites/999999/accept', { expect: 404 });
}

/** Object storage: buckets, access keys, regions, health. */
export async function storageConformance(call: Call, missing: (what: string) => void): Promise<void> {
  const buckets = await call('GET', '/object-storage/buckets', ok);
  const name = at(list(at(buckets.body, 'buckets'))[0], 'name');
  if (typeof name !== 'string') missing('bucket read and delete: no bucket listed');
  else {
    await call('GET', `/object-storage/buckets/${name}?region=CANADA-1`, ok);
    await call('GET', `/object-storage/buckets/${name}`, { expect: 422 });
    await call('DELETE', `/object-storage/buckets/${name}?region=CANADA-1`, ok);
    await call('DELETE', `/object-storage/buckets/${name}?region=CANADA-1`, { expect: 404 });
  }
  await call('GET', '/object-storage/access-keys', { expect: 201 });
  const key = await call('POST', '/object-storage/access-keys', {
    body: { region: 'CANADA-1', description: 'conformance' },
    expect: 201,
  });
  await call('POST', '/object-storage/access-keys', { body: { region: 'MARS-1' }, expect: 400 });
  const keyId = num(at(key.body, 'id'));
  if (keyId === undefined) missing('DELETE /object-storage/access-keys/{id}: no key made');
  else {
    await call('DELETE', `/object-storage/access-keys/${keyId}`, ok);
    await call('DELETE', `/object-storage/access-keys/${keyId}`, { expect: 404 });
  }
  await call('GET', '/object-storage/regions', ok);
  await call('GET', '/object-storage/healthz', ok);
}

/** Auto top-up and vouchers. */
export async function topUpConformance(call: Call): Promise<void> {
  await call('GET', '/billing/auto-topup', ok);
  await call('GET', '/billing/auto-topup/status', ok);
  await call('PUT', '/billing/auto-topup', { body: { threshold_amount: 10, topup_amount: 50 }, expect: 404 });
  await call('DELETE', '/billing/auto-topup', { expect: 404 });
  await call('POST', '/billing/auto-topup', {
    body: { threshold_amount: 100, topup_amount: 500 },
    expect: 201,
  });
  await call('POST', '/billing/auto-topup', {
    body: { threshold_amount: 100, topup_amount: 500 },
    expect: 409,
  });
  await call('POST', '/billing/auto-topup', { body: { threshold_amount: 100 }, expect: 400 });
  await call('PUT', '/billing/auto-topup', { body: { threshold_amount: 50, topup_amount: 200 }, ...ok });
  await call('GET', '/billing/auto-topup', ok);
  await call('GET', '/billing/auto-topup/status', ok);
  await call('DELETE', '/billing/auto-topup', ok);
  await call('POST', '/billing/billing/vouchers/redeem', { body: { voucher_code: 'WELCOME-250' }, ...ok });
  await call('POST', '/billing/billing/vouchers/redeem', {
    body: { voucher_code: 'WELCOME-250' },
    expect: 400,
  });
  await call('POST', '/billing/billing/vouchers/redeem', { body: { voucher_code: 'NO-SUCH' }, expect: 404 });
}

/** Images, name availability, quota, firewalls from the VM, GPUs, protocols, defaults, volume callbacks. */
export async function coreConformance(call: Call, missing: (what: string) => void): Promise<void> {
  const images = await call('GET', '/core/images', ok);
  const all = list(at(images.body, 'images')).flatMap((g) => list(at(g, 'images')));
  const mine = all.find((i) => at(i, 'is_public') === false);
  const pub = all.find((i) => at(i, 'is_public') === true);
  const mineId = num(at(mine, 'id'));
  if (mineId === undefined) missing('GET/DELETE /core/images/{id}: no private image');
  else {
    await call('GET', `/core/images/${mineId}`, ok);
    await call('GET', `/core/image/name-availability/${String(at(mine, 'name'))}`, ok);
    await call('DELETE', `/core/images/${mineId}`, ok);
    await call('DELETE', `/core/images/${mineId}`, { expect: 404 });
  }
  const pubId = num(at(pub, 'id'));
  if (pubId !== undefined) await call('DELETE', `/core/images/${pubId}`, { expect: 400 });
  await call('GET', '/core/image/name-availability/free-name', ok);
  await call('GET', '/core/environments/name-availability/sandbox', ok);
  await call('GET', '/core/virtual-machines/name-availability/free-vm?count=3', ok);
  await call('GET', '/core/snapshots/name-availability/free-snap', ok);

  const envs = await call('GET', '/core/environments', ok);
  const envId = num(at(list(at(envs.body, 'environments'))[0], 'id'));
  if (envId === undefined) missing('GET /core/environments/{id}/vm-quota: no environment');
  else await call('GET', `/core/environments/${envId}/vm-quota`, ok);
  await call('GET', '/core/environments/999999/vm-quota', { expect: 404 });

  const fws = await call('GET', '/core/firewalls', ok);
  const fw = list(at(fws.body, 'firewalls'))[0];
  const vms = await call('GET', '/core/virtual-machines', ok);
  const vm = list(at(vms.body, 'instances')).find(
    (v) => at(v, 'environment', 'name') === at(fw, 'environment', 'name'),
  );
  const vmId = num(at(vm, 'id'));
  if (vmId === undefined) missing('POST …/attach-firewalls: no VM in a firewall’s environment');
  else {
    await call('POST', `/core/virtual-machines/${vmId}/attach-firewalls`, {
      body: { firewalls: [at(fw, 'id')] },
      ...ok,
    });
    await call('POST', `/core/virtual-machines/${vmId}/attach-firewalls`, {
      body: { firewalls: [999999] },
      expect: 404,
    });
    await call('POST', `/core/virtual-machines/${vmId}/attach-firewalls`, { body: {}, expect: 400 });
  }

  await call('GET', '/core/gpus', ok);
  await call('GET', '/core/sg-rules-protocols', ok);
  await call('GET', '/core/user/resources/defaults', ok);

  const vols = await call('GET', '/core/volumes', ok);
  const volId = num(at(list(at(vols.body, 'volumes'))[0], 'id'));
  if (volId === undefined) missing('volume callbacks: no volume');
  else {
    const url = { body: { url: 'https://hooks.example.com/volume' } };
    await call('PUT', `/core/volumes/${volId}/update-callback`, { ...url, expect: 404 });
    await call('POST', `/core/volumes/${volId}/attach-callback`, { ...url, ...ok });
    await call('POST', `/core/volumes/${volId}/attach-callback`, { ...url, expect: 400 });
    await call('PUT', `/core/volumes/${volId}/update-callback`, {
      body: { url: 'https://hooks.example.com/v2' },
      ...ok,
    });
    await call('GET', `/core/volumes/${volId}`, ok);
    await call('DELETE', `/core/volumes/${volId}/delete-callback`, ok);
  }
}

/** Billing history per kind, events, sub-resources, and a contract's VMs and GPU allocation. */
export async function historyConformance(call: Call, missing: (what: string) => void): Promise<void> {
  const period = '?start_date=2026-01-01T00:00:00&end_date=2026-01-03T00:00:00';
  const kinds = ['virtual-machine', 'volume', 'snapshot', 'cluster', 'bucket'] as const;
  const keys = {
    'virtual-machine': 'billing_history_vm',
    volume: 'billing_history_volume',
    snapshot: 'billing_history_volume',
    cluster: 'billing_history_cluster',
    bucket: 'billing_history_bucket',
  };
  for (const kind of kinds) {
    const rows = await call('GET', `/billing/billing/history/${kind}`, ok);
    await call('GET', `/billing/billing/history/${kind}${period}&per_page=2&page=1`, ok);
    const id = num(at(list(at(rows.body, keys[kind], 'billing_history'))[0], 'attributes', 'infrahub_id'));
    if (id === undefined) {
      missing(`GET /billing/billing/history/${kind}/{id}: none billed`);
      continue;
    }
    await call('GET', `/billing/billing/history/${kind}/${id}`, ok);
    if (kind === 'cluster' || kind === 'snapshot')
      await call('GET', `/billing/billing/history/${kind}/${id}/graph`, ok);
    if (kind === 'virtual-machine') {
      await call('GET', `/billing/billing/virtual-machine/${id}/billing-events`, ok);
      await call('GET', `/billing/billing/virtual-machine/${id}/sub-resource`, ok);
      await call('GET', `/billing/billing/virtual-machine/${id}/sub-resource/graph${period}`, ok);
    }
    if (kind === 'volume') await call('GET', `/billing/billing/volume/${id}/billing-events`, ok);
  }
  await call('GET', '/billing/billing/history/virtual-machine/999999', { expect: 404 });
  await call('GET', '/billing/billing/virtual-machine/999999/billing-events', { expect: 400 });

  const contracts = await call('GET', '/pricebook/contracts', ok);
  const contractId = num(at(list(at(contracts.body, 'contracts'))[0], 'id'));
  if (contractId === undefined) missing('contract VMs and GPU graph: no contract');
  else {
    await call('GET', `/core/virtual-machines/contract/${contractId}/virtual-machines`, ok);
    await call('GET', `/pricebook/contracts/${contractId}/gpu_allocation_graph`, ok);
  }
  await call('GET', '/core/virtual-machines/contract/999999/virtual-machines', { expect: 400 });
  await call('GET', '/pricebook/contracts/999999/gpu_allocation_graph', { expect: 404 });
}
