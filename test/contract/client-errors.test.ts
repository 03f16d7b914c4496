/**
 * Contract: the simulator refuses with the real service's error vocabulary and body shapes, and the client turns
 * each into the right ApiError (status, reason, message, field map), over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import type { VmCreateInput } from '../../src/api/schemas/vm.js';
import { apiError, SEED, simPerTest, vmBody } from '../support/sim-client.js';

const s = simPerTest();

async function envId(name: string): Promise<number> {
  return (await s.api.environments.list()).items.find((e) => e.name === name)!.id;
}

describe('the error vocabulary over HTTP', () => {
  it('401 unauthorized, 403 forbidden (a role), 404 not_found', async () => {
    const e401 = await apiError(s.client({ key: 'no-such-key' }).api.environments.list());
    expect([e401.status, e401.reason]).toEqual([401, 'unauthorized']);
    const e403 = await apiError(
      s.client({ key: 'readonly' }).api.environments.create({ name: 'x', region: 'CANADA-1' }),
    );
    expect([e403.status, e403.reason]).toEqual([403, 'forbidden']);
    // the simulator's words name the permission and say what to do: the advice is there once, not twice
    expect(e403.message).toContain("does not grant the permission 'environment:create'");
    expect(e403.message.match(/an organization admin must/gi)).toHaveLength(1);
    const e404 = await apiError(s.api.environments.get(987_654));
    expect([e404.status, e404.reason]).toEqual([404, 'not_found']);
  });

  it('405 not_allowed: an environment that still holds resources; the message lists them', async () => {
    const e = await apiError(s.api.environments.delete(await envId(SEED.env)));
    expect([e.status, e.reason]).toEqual([405, 'not_allowed']);
    expect(e.serviceMessage).toMatch(/still contains \d+ virtual machines, \d+ clusters?, \d+ key pairs/);
    expect(e.message).toMatch(/^not allowed \(HTTP 405, DELETE \/core\/environments\/\d+\): Environment/);
    expect(e.message).not.toMatch(/method/i);
  });

  it('409 already_exist for a duplicate; 400 bad_request for an action in the wrong state', async () => {
    const dup = await apiError(s.api.environments.create({ name: SEED.env, region: 'CANADA-1' }));
    expect([dup.status, dup.reason]).toEqual([409, 'already_exist']);
    const vm = (await s.api.vms.listAll()).find((v) => v.status === 'SHUTOFF' && !v.cluster_id)!;
    const state = await apiError(s.api.vms.stop(vm.id));
    expect([state.status, state.reason]).toEqual([400, 'bad_request']);
    expect(state.message).toMatch(/^rejected \(HTTP 400, .*\): VM .* is SHUTOFF and cannot be stopped/);
  });

  it('a value out of bounds: `{status: false, errors: {field: [...]}}`, the field named and the map exposed', async () => {
    const e = await apiError(s.api.environments.create({ name: 'e'.repeat(51), region: 'CANADA-1' }));
    expect([e.status, e.reason]).toEqual([400, undefined]);
    expect(e.fieldErrors).toEqual({ name: ['Longer than maximum length 50.'] });
    expect(e.message).toBe(
      'rejected (HTTP 400, POST /core/environments): name: Longer than maximum length 50.',
    );
  });

  it('a field missing or of the wrong type: "Input payload validation failed" with the field map', async () => {
    const { count: _, ...noCount } = vmBody('ct-no-count');
    const e = await apiError(s.api.vms.create(noCount as VmCreateInput));
    expect(e.status).toBe(400);
    expect(e.fieldErrors).toEqual({ count: ["'count' is a required property"] });
    expect(e.serviceMessage).toBe("Input payload validation failed: count: 'count' is a required property");
    const typed = await apiError(s.api.vms.create({ ...vmBody('ct-typed'), count: '2' } as never));
    expect(typed.fieldErrors).toEqual({ count: ['"2" is not of type \'integer\''] });
  });
});
