/**
 * The RBAC roles screen in the whole app, against the simulator: the key's own permissions on top, the roles with
 * who holds them; a role made from the catalogue, given to a member (who then has its permissions), edited,
 * deleted by typed name; read-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memberPermissions, roleByName } from '../../src/sim/world/rbac.js';
import { cleanupApps, KEY, renderApp, selectRow, withStatus } from '../support/render-app.js';

const CTRL_S = '\x13';

afterEach(cleanupApps);

const open = async (readOnly = false) =>
  withStatus(
    await renderApp({
      screen: 'roles',
      width: 140,
      height: 40,
      refreshMs: 600_000,
      ...(readOnly ? { readOnly } : {}),
    }),
  );

describe('RBAC roles screen', () => {
  it('shows the key’s own permissions and the roles with their members; Enter reads a role', async () => {
    const a = await open();
    await a.waitFor((f) => f.includes('ML Engineer') && /This key’s user may: \d+ permissions/.test(f));
    // two members hold Admin in the demo organisation
    expect(a.frame()).toMatch(/^. Admin\s+2 /m);
    await selectRow(a, 'ML Engineer');
    await a.press(KEY.enter);
    await a.waitFor(
      (f) => f.includes('Held by') && f.includes('Chen Wei') && f.includes('Compute full access'),
    );
    await a.waitFor(() => a.exchanges.some((x) => /\/auth\/roles\/\d+/.test(x)));
  });

  it('n makes a role from the catalogue, a gives it to a member, e edits it, D deletes it once named', async () => {
    const a = await open();
    await a.waitFor('ML Engineer');
    await a.press('n');
    await a.waitFor('New RBAC role');
    await a.press(
      ...'auditor',
      KEY.tab,
      ...'reads the bills',
      KEY.tab,
      ...'billing:',
      ' ',
      KEY.enter,
      CTRL_S,
    );
    await a.waitFor('Role auditor made');
    const role = roleByName(a.sim.world, 'auditor')!;
    expect(role.description).toBe('reads the bills');
    expect(role.permissionIds.length).toBe(1);

    await selectRow(a, 'auditor');
    await a.press('a');
    await a.waitFor('Give the role auditor to');
    await a.press(KEY.down, KEY.down, KEY.down, KEY.enter);
    await a.waitFor('Dana Okafor now holds the role auditor');
    const dana = a.sim.world.org.members.find((m) => m.name === 'Dana Okafor')!;
    expect(dana.rbacRoles).toEqual(['auditor']);
    expect(memberPermissions(a.sim.world, dana).map((p) => p.id)).toEqual(role.permissionIds);
    await a.waitFor((f) => /^. auditor\s+1 /m.test(f));

    await a.press('e');
    await a.waitFor('Edit role auditor');
    await a.press(KEY.tab, ...' and contracts', CTRL_S);
    await a.waitFor('Role auditor saved');
    expect(role.description).toBe('reads the bills and contracts');
    // the permission ticked before is sent again: an edit that forgot it would take it from Dana
    expect(role.permissionIds.length).toBe(1);

    await a.press('D');
    await a.waitFor('Delete role auditor?');
    expect(a.frame()).toContain('1 member holds it');
    await a.press(...'auditor', KEY.enter);
    await a.waitFor((f) => !/^. auditor /m.test(f) && f.includes('Role auditor deleted'));
    expect(roleByName(a.sim.world, 'auditor')).toBeUndefined();
    expect(dana.rbacRoles).toEqual([]);
  });

  it('read-only refuses n, e, a and D', async () => {
    const a = await open(true);
    await selectRow(a, 'Read only');
    for (const [k, label] of [
      ['n', 'new role'],
      ['e', 'edit'],
      ['a', 'assign to member'],
      ['D', 'delete'],
    ] as const) {
      await a.press(k);
      await a.waitFor(`"${label}" is not allowed`);
    }
    expect(a.store.getState().modal).toBeNull();
  });
});
