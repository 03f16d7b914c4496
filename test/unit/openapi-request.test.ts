/**
 * Proves the REQUEST validator (test/support/openapi-request.ts) against the corrected document: it refuses what
 * the service would refuse by its schema (so a green coverage drive means every request the app sent follows it),
 * and it follows the corrections (test/fixtures/spec/corrections.ts), so it does not "fix" correct code.
 */
import { describe, expect, it } from 'vitest';
import { SimError } from '../../src/sim/route.js';
import type { World } from '../../src/sim/world.js';
import { openApi } from '../support/openapi.js';
import { acceptedButInvalid, simRecorder } from '../support/sim-recorder.js';

const v = openApi();
const RULE = { direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', remote_ip_prefix: '0.0.0.0/0' };

describe('the request validator (corrected document, strict)', () => {
  it('takes a body that follows the corrected schema', () => {
    expect(v.validateRequest('POST', '/core/virtual-machines/12/sg-rules', { body: RULE })).toEqual([]);
    expect(
      v.validateRequest('POST', '/core/virtual-machines/12/sg-rules', {
        body: { ...RULE, port_range_min: 22, port_range_max: 22 },
      }),
    ).toEqual([]);
  });

  it('follows the corrections: no virtual_machine_id in a rule, an optional snapshot description', () => {
    // the document as published requires virtual_machine_id (declaring no such property): corrected away
    expect(v.validateRequest('POST', '/core/virtual-machines/12/sg-rules', { body: RULE })).toEqual([]);
    expect(
      v.validateRequest('POST', '/core/virtual-machines/12/snapshots', { body: { name: 'snap-1' } }),
    ).toEqual([]);
  });

  it('refuses a missing required property, a wrong type, a value outside the enum, an undeclared property', () => {
    const at = '/core/virtual-machines/12/sg-rules';
    const { protocol: _, ...noProtocol } = RULE;
    expect(v.validateRequest('POST', at, { body: noProtocol }).join('\n')).toMatch(
      /required property "protocol"/,
    );
    expect(v.validateRequest('POST', at, { body: { ...RULE, port_range_min: '22' } }).join('\n')).toMatch(
      /port_range_min: must be integer/,
    );
    expect(
      v.validateRequest('POST', at, { body: { ...RULE, protocol: 'carrier-pigeon' } }).join('\n'),
    ).toMatch(/protocol: must be one of/);
    expect(v.validateRequest('POST', at, { body: { ...RULE, virtual_machine_id: 12 } }).join('\n')).toMatch(
      /property "virtual_machine_id" is not allowed/,
    );
  });

  it('refuses null where the document declares a type (no null rule for what the app sends)', () => {
    expect(
      v.validateRequest('POST', '/core/virtual-machines/12/sg-rules', {
        body: { ...RULE, port_range_min: null },
      }),
    ).not.toEqual([]);
  });

  it('refuses a body the operation does not take, and no body where one is required', () => {
    expect(v.validateRequest('GET', '/core/virtual-machines/12/start', { body: {} }).join('\n')).toMatch(
      /takes none/,
    );
    expect(v.validateRequest('POST', '/core/virtual-machines/12/sg-rules', {}).join('\n')).toMatch(
      /requires a body/,
    );
  });

  it('checks the query: declared names only, each value as its schema types it (text on the wire)', () => {
    const ok = new URLSearchParams({ page: '2', pageSize: '50' });
    expect(v.validateRequest('GET', '/core/virtual-machines', { query: ok })).toEqual([]);
    expect(v.validateRequest('GET', '/core/virtual-machines', { query: { page: 2, pageSize: 50 } })).toEqual(
      [],
    );
    expect(v.validateRequest('GET', '/core/virtual-machines', { query: { page: 'two' } }).join('\n')).toMatch(
      /query page: .*must be integer/,
    );
    expect(v.validateRequest('GET', '/core/virtual-machines', { query: { per_page: 5 } }).join('\n')).toMatch(
      /parameter "per_page" is not declared/,
    );
    expect(
      v.validateRequest('GET', '/core/virtual-machines/12/metrics', { query: { duration: '1h' } }),
    ).toEqual([]);
    expect(
      v
        .validateRequest('GET', '/core/virtual-machines/12/metrics', { query: { duration: '90m' } })
        .join('\n'),
    ).toMatch(/must be one of/);
  });

  it('checks the path parameters as their schema types them, and refuses an undocumented operation', () => {
    expect(v.validateRequest('GET', '/core/virtual-machines/twelve/start', {}).join('\n')).toMatch(
      /path vm_id: .*must be integer/,
    );
    expect(v.validateRequest('GET', '/core/no-such-thing', {}).join('\n')).toMatch(
      /no operation of the document/,
    );
  });

  it("the coverage drive's recorder keeps every request the simulator receives, with what the document refuses in it", () => {
    const rec = simRecorder();
    const answered: unknown[] = [];
    const [route] = rec.wrap([
      {
        method: 'POST',
        path: '/core/virtual-machines/:id/sg-rules',
        mutation: true,
        handle: (req) => {
          answered.push(req.body);
          return { body: {} };
        },
      },
    ]);
    const send = (body: unknown) =>
      route?.handle(
        {
          method: 'POST',
          path: '/core/virtual-machines/12/sg-rules',
          params: { id: '12' },
          query: new URLSearchParams(),
          body,
        },
        {} as World,
      );
    send(RULE);
    send({ ...RULE, virtual_machine_id: 12 });
    expect(answered).toHaveLength(2);
    expect(rec.requests.map((r) => [r.operationId, r.hasBody, r.errors.length])).toEqual([
      ['Create_firewall_rule_for_VM', true, 0],
      ['Create_firewall_rule_for_VM', true, 1],
    ]);
    expect(rec.requests[1]?.errors.join('\n')).toMatch(/virtual_machine_id" is not allowed/);
  });

  it('says which requests the document refuses that the simulator answered as fine (the client tests fail on one)', () => {
    const rec = simRecorder();
    const [accepting, refusing] = rec.wrap(
      (['POST', 'PUT'] as const).map((method) => ({
        method,
        path: method === 'POST' ? '/core/virtual-machines/:id/sg-rules' : '/auth/organizations/update',
        mutation: true,
        handle: () => {
          if (method === 'PUT') throw new SimError(400, 'invalid', 'name must be 3 to 50 characters.');
          return { body: {} };
        },
      })),
    );
    const req = (method: 'POST' | 'PUT', path: string, body: unknown) => ({
      method,
      path,
      params: {},
      query: new URLSearchParams(),
      body,
    });
    accepting?.handle(req('POST', '/core/virtual-machines/12/sg-rules', RULE), {} as World);
    accepting?.handle(
      req('POST', '/core/virtual-machines/12/sg-rules', { ...RULE, protocol: 'carrier-pigeon' }),
      {} as World,
    );
    expect(() =>
      refusing?.handle(req('PUT', '/auth/organizations/update', { name: 'ab' }), {} as World),
    ).toThrow();
    expect(rec.requests.map((r) => r.status)).toEqual([200, 200, 400]);
    const accepted = acceptedButInvalid(rec);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatch(/sg-rules answered 200: .*protocol/);
  });
});
