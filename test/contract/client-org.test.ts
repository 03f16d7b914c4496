/**
 * Contract: the real client (api.auth) against the running simulator over HTTP: the organization and its
 * members, invitations and the RBAC policies.
 */
import { describe, expect, it } from 'vitest';
import { INVITE_ACCEPT_MS } from '../../src/sim/world/org.js';
import { apiError, simPerTest } from '../support/sim-client.js';

const s = simPerTest();

describe('auth.organization, renameOrganization, removeMember', () => {
  it('gets the organization with its members', async () => {
    const org = await s.api.auth.organization();
    expect(org).toMatchObject({ id: 1042, name: 'Northwind AI Labs' });
    expect(org.users?.length).toBe(5);
    expect(org.users?.map((u) => u.email)).toContain('alice@northwind-ai.example');
    expect(org.users?.find((u) => u.username === 'alice')?.role).toBe('owner');
    expect(org.total_instances).toBeGreaterThan(0);
    expect(org.credit).toEqual(expect.any(Number));
  });

  it('renames the organization', async () => {
    expect(await s.api.auth.renameOrganization('Northwind Labs')).toMatch(/updated/i);
    expect((await s.api.auth.organization()).name).toBe('Northwind Labs');
  });

  it('refuses a name of more than 50 characters (400)', async () => {
    const e = await apiError(s.api.auth.renameOrganization('n'.repeat(51)));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/name/);
    expect((await s.api.auth.organization()).name).toBe('Northwind AI Labs');
  });

  it('refuses a name shorter than 3 characters (400; OpenAPI UpdateOrganizationPayload minLength 3)', async () => {
    const e = await apiError(s.api.auth.renameOrganization('ab'));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/name/);
    expect((await s.api.auth.organization()).name).toBe('Northwind AI Labs');
  });

  it('removes a member, who is then no longer listed', async () => {
    const msg = await s.api.auth.removeMember('emil@northwind-ai.example');
    expect(msg).toContain('emil@northwind-ai.example');
    const org = await s.api.auth.organization();
    expect(org.users?.map((u) => u.email)).not.toContain('emil@northwind-ai.example');
    expect(org.users?.length).toBe(4);
  });

  // Remove_Organization_Member documents only 400 for a refusal (no 404)
  it('refuses to remove an unknown member (400 naming the e-mail) and the owner (400)', async () => {
    const e = await apiError(s.api.auth.removeMember('nobody@nowhere.example'));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('nobody@nowhere.example');
    const owner = await apiError(s.api.auth.removeMember('alice@northwind-ai.example'));
    expect(owner.status).toBe(400);
    expect(owner.serviceMessage).toMatch(/owner/);
    expect((await s.api.auth.organization()).users?.length).toBe(5);
  });
});

describe('auth.invites', () => {
  it('lists the invitations', async () => {
    const invites = await s.api.auth.invites.list();
    expect(invites.length).toBeGreaterThanOrEqual(3);
    expect(invites.map((i) => i.email)).toContain('farah@northwind-ai.example');
    expect(invites.map((i) => i.status)).toEqual(expect.arrayContaining(['pending', 'expired']));
  });

  it('creates an invitation that is then listed, and deletes it (404 the second time)', async () => {
    const inv = await s.api.auth.invites.create('new.person@example.com');
    expect(inv).toMatchObject({ email: 'new.person@example.com', status: 'pending' });
    expect(inv!.id).toEqual(expect.any(Number));
    expect((await s.api.auth.invites.list()).map((i) => i.id)).toContain(inv!.id);

    expect(await s.api.auth.invites.delete(inv!.id)).toMatch(/deleted/i);
    expect((await s.api.auth.invites.list()).map((i) => i.id)).not.toContain(inv!.id);
    const e = await apiError(s.api.auth.invites.delete(inv!.id));
    expect(e.status).toBe(404);
    expect(e.message).toMatch(/not found/i);
  });

  it('a pending invitation is accepted on the clock: it shows accepted and the invitee is a member', async () => {
    const inv = await s.api.auth.invites.create('new.person@example.com');
    s.clock.advance(INVITE_ACCEPT_MS - 1);
    expect((await s.api.auth.invites.list()).find((i) => i.id === inv!.id)?.status).toBe('pending');
    expect((await s.api.auth.organization()).users?.map((u) => u.email)).not.toContain(
      'new.person@example.com',
    );
    s.clock.advance(1);
    expect((await s.api.auth.invites.list()).find((i) => i.id === inv!.id)?.status).toBe('accepted');
    const member = (await s.api.auth.organization()).users?.find((u) => u.email === 'new.person@example.com');
    expect(member).toMatchObject({
      name: 'New Person',
      username: 'new.person',
      role: 'member',
      rbac_roles: [],
    });
  });

  it('a deleted invitation is never accepted', async () => {
    const inv = await s.api.auth.invites.create('gone@example.com');
    await s.api.auth.invites.delete(inv!.id);
    s.clock.advance(INVITE_ACCEPT_MS);
    expect((await s.api.auth.organization()).users?.map((u) => u.email)).not.toContain('gone@example.com');
  });

  it('refuses an invalid e-mail (400) and an already invited or member address (409)', async () => {
    const bad = await apiError(s.api.auth.invites.create('not-an-email'));
    expect(bad.status).toBe(400);
    expect(bad.serviceMessage).toContain('not-an-email');
    expect((await apiError(s.api.auth.invites.create('farah@northwind-ai.example'))).status).toBe(409);
    expect((await apiError(s.api.auth.invites.create('bob@northwind-ai.example'))).status).toBe(409);
  });
});

describe('auth.policies', () => {
  it('lists the policies with permissions of the form <resource>:<action>', async () => {
    const policies = await s.api.auth.policies();
    expect(policies.length).toBeGreaterThan(0);
    expect(policies.map((p) => p.name)).toContain('Read only');
    for (const p of policies) {
      expect(p.permissions?.length).toBeGreaterThan(0);
      for (const perm of p.permissions ?? []) expect(perm.permission).toMatch(/^[a-z-]+:[a-z-]+$/);
    }
    const compute = policies.find((p) => p.name === 'Compute full access')!;
    expect(compute.permissions?.map((x) => x.permission)).toContain('virtual-machine:create');
  });
});
