import { describe, expect, it } from 'vitest';
import { routes } from '../../src/sim/routes/index.js';
import { directSim } from '../support/sim-direct.js';

function sim() {
  const { clock, world, call, fail } = directSim();
  return { clock, world, call, fail };
}

describe('routes table', () => {
  it('has one route per method and path, VM actions as mutating GETs', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of ['start', 'stop', 'hard-reboot', 'hibernate', 'hibernate-restore']) {
      expect(routes.find((r) => r.path === `/core/virtual-machines/:vm_id/${a}`)).toMatchObject({
        method: 'GET',
        mutation: true,
      });
    }
    for (const r of routes) if (r.method !== 'GET') expect(r.mutation, `${r.method} ${r.path}`).toBe(true);
  });
});

describe('catalogue', () => {
  it('groups flavors by GPU and region, optionally for one region', () => {
    const s = sim();
    const all: any[] = s.call('GET', '/core/flavors').body.data;
    expect(new Set(all.map((g) => g.region_name))).toEqual(new Set(['NORWAY-1', 'CANADA-1', 'US-1']));
    for (const g of all)
      for (const f of g.flavors) expect([f.gpu, f.region_name]).toEqual([g.gpu, g.region_name]);
    const ca: any[] = s.call('GET', '/core/flavors', {}, undefined, 'region=CANADA-1').body.data;
    expect(ca.every((g) => g.region_name === 'CANADA-1')).toBe(true);
    const h100 = ca.flatMap((g) => g.flavors).find((f: any) => f.name === 'n3-H100x1');
    expect(h100).toMatchObject({ gpu_count: 1, cpu: 28, ram: 180, disk: 100, ephemeral: 750 });
    expect(s.fail('GET', '/core/flavors', {}, undefined, 'region=MARS-1').status).toBe(400);
  });

  it('groups images by region and type; none in CANADA-1 is the legacy CUDA 11 image', () => {
    const s = sim();
    const groups: any[] = s.call('GET', '/core/images', {}, undefined, 'region=CANADA-1').body.images;
    expect(groups.every((g) => g.region_name === 'CANADA-1' && typeof g.logo === 'string')).toBe(true);
    const names = groups.flatMap((g) => g.images.map((i: any) => i.name));
    expect(names).toContain('Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker');
    expect(names).not.toContain('Ubuntu Server 20.04 LTS R470 CUDA 11.4');
    expect(groups[0].images[0]).toMatchObject({
      size: expect.any(Number),
      display_size: expect.stringMatching(/GB$/),
    });
  });

  it('sends stock without an envelope, available as a lower bound', () => {
    const body = sim().call('GET', '/core/stocks').body;
    expect(Object.keys(body)).toEqual(['stocks']);
    for (const region of body.stocks) {
      expect(region['stock-type']).toBe('GPU');
      for (const m of region.models) {
        const c = m.configurations;
        const free = c['1x'] + 2 * c['2x'] + 4 * c['4x'] + 8 * c['8x'] + 10 * c['10x'];
        expect(m.available).toMatch(/^\d+\+?$/);
        expect(Number.parseInt(m.available, 10)).toBeLessThanOrEqual(free);
        for (const k of ['planned_7_days', 'planned_30_days', 'planned_100_days']) {
          expect(m[k] === null || /^\d+$/.test(m[k])).toBe(true);
        }
      }
    }
    const planned = body.stocks.flatMap((r: any) => r.models.map((m: any) => m.planned_7_days));
    expect(planned).toContain(null);
  });
});

describe('organization and access', () => {
  it('shows the organization with its members', () => {
    const s = sim();
    const org = s.call('GET', '/auth/organizations').body.organization;
    expect(org).toMatchObject({ name: 'Northwind AI Labs', total_instances: s.world.vms.size });
    expect(org.users.length).toBeGreaterThanOrEqual(4);
    expect(org.users[0].rbac_roles[0].name).toBe('Admin');
  });

  it('renames the organization (at most 50 characters)', () => {
    const s = sim();
    s.call('PUT', '/auth/organizations/update', {}, { name: 'Northwind AB' });
    expect(s.call('GET', '/auth/organizations').body.organization.name).toBe('Northwind AB');
    expect(s.fail('PUT', '/auth/organizations/update', {}, { name: 'n'.repeat(51) }).status).toBe(400);
    // UpdateOrganizationPayload: minLength 3
    expect(s.fail('PUT', '/auth/organizations/update', {}, { name: 'ab' }).message).toBe(
      'name must be 3 to 50 characters.',
    );
  });

  it('removes a member, but not the owner nor an unknown address', () => {
    const s = sim();
    s.call('POST', '/auth/organizations/remove-member', {}, { email: 'dana@northwind-ai.example' });
    const emails = s.call('GET', '/auth/organizations').body.organization.users.map((u: any) => u.email);
    expect(emails).not.toContain('dana@northwind-ai.example');
    expect(
      s.fail('POST', '/auth/organizations/remove-member', {}, { email: 'alice@northwind-ai.example' }).status,
    ).toBe(400);
    // Remove_Organization_Member documents no 404: an unknown address is a 400
    expect(s.fail('POST', '/auth/organizations/remove-member', {}, { email: 'x@y.example' })).toMatchObject({
      status: 400,
      reason: 'bad_request',
    });
    expect(s.fail('POST', '/auth/organizations/remove-member', {}, {}).message).toBe(
      "email: 'email' is a required property",
    );
  });

  it('invites (201), lists and deletes invitations; refuses bad and duplicate addresses', () => {
    const s = sim();
    const res = s.call('POST', '/auth/invites', {}, { email: 'new.hire@northwind-ai.example' });
    expect(res.status).toBe(201);
    expect(res.body.invite).toMatchObject({ email: 'new.hire@northwind-ai.example', status: 'pending' });
    const list: any[] = s.call('GET', '/auth/invites').body.invites;
    expect(list.map((i) => i.email)).toContain('new.hire@northwind-ai.example');
    expect(s.fail('POST', '/auth/invites', {}, { email: 'new.hire@northwind-ai.example' }).status).toBe(409);
    expect(s.fail('POST', '/auth/invites', {}, { email: 'bob@northwind-ai.example' }).status).toBe(409);
    expect(s.fail('POST', '/auth/invites', {}, { email: 'not-an-email' }).status).toBe(400);
    s.call('DELETE', '/auth/invites/:id', { id: String(res.body.invite.id) });
    expect(s.fail('DELETE', '/auth/invites/:id', { id: String(res.body.invite.id) }).status).toBe(404);
  });

  it('lists policies with resource:action permissions', () => {
    const policies: any[] = sim().call('GET', '/auth/policies').body.policies;
    expect(policies.length).toBeGreaterThan(3);
    for (const p of policies) {
      for (const perm of p.permissions)
        expect(perm.permission).toBe(`${perm.resource}:${perm.permission.split(':')[1]}`);
    }
  });
});
