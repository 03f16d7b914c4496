import { describe, expect, it } from 'vitest';
import { permissionFor, RouteTable } from '../../src/sim/match.js';
import type { RouteDef, SimMethod } from '../../src/sim/route.js';

function route(method: SimMethod, path: string): RouteDef {
  return { method, path, mutation: method !== 'GET', handle: () => ({ body: { method, path } }) };
}

describe('RouteTable', () => {
  const table = new RouteTable([
    route('GET', '/core/clusters/:id'),
    route('DELETE', '/core/clusters/:id'),
    route('GET', '/core/clusters/versions'),
    route('GET', '/core/clusters'),
    route('POST', '/core/clusters'),
    route('GET', '/core/virtual-machines/:virtual_machine_id/console/:job_id'),
  ]);

  it('finds the route and its params', () => {
    const m = table.match('GET', '/core/virtual-machines/12/console/ab%2Fc');
    expect(m.kind).toBe('found');
    if (m.kind === 'found') {
      expect(m.route.path).toBe('/core/virtual-machines/:virtual_machine_id/console/:job_id');
      expect(m.params).toEqual({ virtual_machine_id: '12', job_id: 'ab/c' });
    }
  });

  it('prefers a static segment over a placeholder, whatever the order of definition', () => {
    const m = table.match('GET', '/core/clusters/versions');
    expect(m.kind === 'found' && m.route.path).toBe('/core/clusters/versions');
    const byId = table.match('GET', '/core/clusters/5');
    expect(byId.kind === 'found' && byId.params).toEqual({ id: '5' });
  });

  it('tells a wrong method (with the allowed ones) from an unknown path', () => {
    expect(table.match('PUT', '/core/clusters/5')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'DELETE'],
    });
    expect(table.match('HEAD', '/core/clusters')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST'],
    });
    expect(table.match('GET', '/core/clusters/5/nodes')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/core')).toEqual({ kind: 'not-found' });
  });

  it('treats a malformed %-escape as no match instead of throwing', () => {
    expect(table.match('GET', '/core/clusters/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('ignores a trailing slash', () => {
    expect(table.match('GET', '/core/clusters/').kind).toBe('found');
  });
});

describe('permissionFor', () => {
  it.each([
    ['POST', '/core/virtual-machines', 'virtual-machine:create'],
    ['GET', '/core/virtual-machines', 'virtual-machine:list'],
    ['GET', '/core/virtual-machines/:id', 'virtual-machine:read'],
    ['DELETE', '/core/virtual-machines/:id', 'virtual-machine:delete'],
    ['GET', '/core/virtual-machines/:id/start', 'virtual-machine:start'],
    ['GET', '/core/virtual-machines/:id/hard-reboot', 'virtual-machine:hard-reboot'],
    ['POST', '/core/virtual-machines/:id/attach-callback', 'virtual-machine:attach-callback'],
    ['PUT', '/core/virtual-machines/:id/update-callback', 'virtual-machine:update-callback'],
    ['POST', '/core/virtual-machines/:id/sg-rules', 'virtual-machine:create-sg-rule'],
    ['DELETE', '/core/virtual-machines/:id/sg-rules/:sg_rule_id', 'virtual-machine:delete-sg-rule'],
    ['PUT', '/core/keypair/:id', 'keypair:update'],
    ['POST', '/core/keypairs', 'keypair:create'],
    ['POST', '/core/environments', 'environment:create'],
    ['POST', '/core/firewalls/:firewall_id/update-attachments', 'firewall:update-attachments'],
    ['DELETE', '/core/firewalls/:firewall_id/firewall-rules/:rule_id', 'firewall:delete-firewall-rule'],
    ['PUT', '/auth/organizations/update', 'organization:update'],
    ['POST', '/auth/organizations/remove-member', 'organization:remove-member'],
    ['DELETE', '/auth/invites/:id', 'invite:delete'],
    ['GET', '/auth/policies', 'policy:list'],
  ] as const)('%s %s needs %s', (method, path, expected) => {
    expect(permissionFor({ method, path })).toBe(expected);
  });
});
