/** The Organization and access screen in the whole app, against the simulator: members, invitations, policies. */
import { afterEach, describe, expect, it } from 'vitest';
import { type RouteDef, SimError } from '../../src/sim/route.js';
import type { Simulator } from '../../src/sim/server.js';
import { INVITE_ACCEPT_MS, invite } from '../../src/sim/world/org.js';
import { cleanupApps, KEY, renderApp, selectRow, withStatus } from '../support/render-app.js';

const CTRL_S = '\x13';

afterEach(cleanupApps);

async function renderOrg(
  o: {
    readOnly?: boolean;
    key?: 'admin' | 'readonly';
    before?: (sim: Simulator) => void;
    delay?: (ms: number) => Promise<void>;
    routes?: (defaults: readonly RouteDef[]) => RouteDef[];
  } = {},
) {
  const app = await renderApp({
    screen: 'org',
    width: 130,
    height: 36,
    refreshMs: 600_000,
    ...(o.readOnly ? { readOnly: true } : {}),
    ...(o.key ? { key: o.key } : {}),
    ...(o.before ? { before: o.before } : {}),
    ...(o.delay ? { delay: o.delay } : {}),
    ...(o.routes ? { routes: o.routes } : {}),
  });
  return withStatus(app);
}

const invitesOf = (sim: Simulator, email: string) => sim.world.org.invites.filter((i) => i.email === email);

describe('Organization and access screen', () => {
  it('shows the organization, then its members with their roles; a member without an RBAC role is flagged', async () => {
    const app = await renderOrg({
      before: (sim) => {
        sim.world.org.members.push({
          id: 9999,
          name: 'Ivy New',
          email: 'ivy@northwind-ai.example',
          username: 'ivy',
          role: 'member',
          rbacRoles: [],
          joinedAt: sim.world.now(),
          lastLogin: null,
          sub: 'x',
        });
      },
    });
    // The invitations load beside the members: wait for both.
    const f = await app.waitFor((fr) => fr.includes('Ivy New') && fr.includes(' invited · '));
    expect(f).toContain('Organization and access  [m members]  i invites  p policies');
    expect(f).toMatch(/Northwind AI Labs \(id 1042\) · credit \$[\d,]+\.00 · alert below \$100\.00$/m);
    expect(f).toMatch(
      /6 members · 2 invited · \d+ VMs · \d+ volumes · \d+ clusters · since \d{4}-\d\d-\d\d$/m,
    );
    expect(f).toMatch(/NAME\s+E-MAIL\s+ROLE\s+RBAC ROLES\s+LAST LOGIN\s+JOINED/);
    expect(f).toMatch(/Alice Nakamura\s+alice@northwind-ai\.example\s+owner\s+Admin\s/);
    expect(f).toMatch(/Chen Wei\s+chen@northwind-ai\.example\s+member\s+ML Engineer\s/);
    expect(f).toMatch(
      /Ivy New\s+ivy@northwind-ai\.example\s+member\s+\(none: every action refused\)\s+never/,
    );
    expect(f).toContain(
      '1 member has no RBAC role: the service refuses them every action until an admin assigns one',
    );
  });

  it('D removes a member once their e-mail is typed; the owner is refused by the service in its words', async () => {
    const app = await renderOrg();
    await app.waitFor('Chen Wei');
    await selectRow(app, 'Chen Wei');
    await app.press('D');
    await app.waitFor('Remove Chen Wei (chen@northwind-ai.example)?');
    await app.press(...'chen@northwind-ai.exampl', KEY.enter);
    expect(app.sim.world.org.members.some((m) => m.name === 'Chen Wei')).toBe(true);
    await app.press('e', KEY.enter);
    await app.waitFor(
      (f) =>
        f.includes('status: Chen Wei (chen@northwind-ai.example) removed') && !/Chen Wei\s+chen@/.test(f),
    );
    expect(app.sim.world.org.members.some((m) => m.name === 'Chen Wei')).toBe(false);

    await selectRow(app, 'Alice Nakamura');
    await app.press('D', ...'alice@northwind-ai.example', KEY.enter);
    await app.waitFor('is the owner of the organization');
    expect(app.sim.world.org.members.some((m) => m.name === 'Alice Nakamura')).toBe(true);
  });

  it('N renames the organization: checked live, the top line follows', async () => {
    const app = await renderOrg();
    await app.waitFor('Northwind AI Labs (id 1042)');
    await app.press('N');
    await app.waitFor('Rename organization Northwind AI Labs');
    await app.press(...'x', KEY.backspace);
    await app.waitFor('that is its name now');
    // the document's minLength (3), which the service enforces: a shorter name is refused before it is sent
    await app.press(...Array(20).fill(KEY.backspace), 'N', 'W');
    await app.waitFor('at least 3 characters');
    await app.press('\x13');
    await app.waitFor('fix');
    expect(app.exchanges.filter((e) => e.startsWith('PUT /auth/organizations/update'))).toEqual([]);
    await app.press(KEY.backspace, KEY.backspace, ...'Northwind Research');
    await app.waitFor('Northwind AI Labs → Northwind Research');
    await app.press('\x13');
    const f = await app.waitFor('Northwind Research (id 1042)');
    expect(f).toContain('status: Organization renamed to Northwind Research');
    expect(app.sim.world.org.name).toBe('Northwind Research');
  });

  it('i lists the invitations; n invites: the address checked live, nothing sent until valid; then pending', async () => {
    const app = await renderOrg();
    await app.waitFor('Alice Nakamura');
    await app.press('i');
    let f = await app.waitFor('[i invites]');
    expect(f).toMatch(/farah@northwind-ai\.example\s+◐ pending\s+2d/);
    expect(f).toMatch(/old\.intern@northwind-ai\.example\s+○ expired\s+60d/);
    await app.press('n');
    await app.waitFor('Invite a member to Northwind AI Labs');
    await app.press(...'ivy@example'.split(''));
    f = await app.waitFor('the domain needs a dot: example.com?');
    await app.press(CTRL_S);
    // an address that is a member already, or has a pending invitation, is refused before anything is sent
    await app.press(...Array(11).fill(KEY.backspace), ...'bob@northwind-ai.example'.split(''));
    f = await app.waitFor('bob@northwind-ai.example is already a member (Bob Lindqvist)');
    await app.press(...Array(24).fill(KEY.backspace), ...'farah@northwind-ai.example'.split(''));
    f = await app.waitFor('farah@northwind-ai.example has a pending invitation already');
    expect(app.exchanges.filter((e) => e === 'POST /auth/invites')).toHaveLength(0);
    await app.press(...Array(26).fill(KEY.backspace), ...'ivy@example.com'.split(''), CTRL_S);
    f = await app.waitFor(
      (fr) => !fr.includes('Invite a member') && /ivy@example\.com\s+◐ pending\s+\d+s/.test(fr),
    );
    expect(f).toContain('status: Invitation sent to ivy@example.com: pending until they accept');
    expect(f).toContain('5 members · 3 invited');
    expect(invitesOf(app.sim, 'ivy@example.com')).toHaveLength(1);
  });

  it('keeps the form and the address when the service refuses the invitation (409)', async () => {
    const app = await renderOrg();
    await app.waitFor('Alice Nakamura');
    await app.press('n');
    await app.waitFor('Invite a member');
    await app.press(...'late@example.com'.split(''));
    invite(app.sim.world, 'late@example.com'); // someone else invites the same address meanwhile
    await app.press(CTRL_S);
    const f = await app.waitFor('late@example.com has already been invited');
    expect(f).toContain('Invite a member');
    expect(f).toMatch(/E-mail\s+late@example\.com/);
    expect(invitesOf(app.sim, 'late@example.com')).toHaveLength(1);
  });

  it('an invitation is followed to accepted: the invitee then shows as a member with no role yet', async () => {
    const app = await renderOrg();
    await app.waitFor('Alice Nakamura');
    await app.press('n');
    await app.waitFor('Invite a member');
    await app.press(...'ivy.new@example.com'.split(''), CTRL_S);
    await app.waitFor('status: Invitation sent to ivy.new@example.com');
    await app.advance(INVITE_ACCEPT_MS);
    await app.press('r');
    let f = await app.waitFor('Ivy New');
    expect(f).toMatch(/Ivy New\s+ivy\.new@example\.com\s+member\s+\(none: every action refused\)/);
    await app.press('i');
    f = await app.waitFor((fr) => /ivy\.new@example\.com\s+● accepted/.test(fr));
  });

  it('D deletes an invitation after a confirm; n keeps it; the row is marked at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const app = await renderOrg({ delay: () => held });
    await app.waitFor('Alice Nakamura');
    await app.press('i');
    await selectRow(app, 'gustav.berg@contractor.example');
    const id = invitesOf(app.sim, 'gustav.berg@contractor.example')[0]!.id;
    await app.press('D');
    let f = await app.waitFor('Delete the invitation of gustav.berg@contractor.example?');
    expect(f).toContain('The link in the e-mail stops working');
    await app.press('n');
    await app.waitFor((fr) => !fr.includes('Delete the invitation'));
    expect(invitesOf(app.sim, 'gustav.berg@contractor.example')).toHaveLength(1);
    app.sim.faults.set({ latencyMs: 1, paths: [`/auth/invites/${id}`] }); // the answer is held until released
    await app.press('D');
    await app.waitFor('Delete the invitation of');
    await app.press('y');
    f = await app.waitFor((fr) => /gustav\.berg@contractor\.example\s+◐ deleting…/.test(fr));
    release();
    f = await app.waitFor((fr) => !/^. gustav/m.test(fr) && fr.includes('status: Invitation of gustav'));
    expect(invitesOf(app.sim, 'gustav.berg@contractor.example')).toHaveLength(0);
    expect(app.exchanges.filter((e) => e === `DELETE /auth/invites/${id}`)).toHaveLength(1);
  });

  it('p lists the policies with their permissions; Enter shows them by resource', async () => {
    const app = await renderOrg();
    await app.waitFor('Alice Nakamura');
    await app.press('p');
    let f = await app.waitFor('Billing viewer');
    expect(f).toMatch(/Compute full access\s+Create, operate.*11 on snapshot, virtual-machine/);
    expect(f).toMatch(/Billing viewer\s+Usage, contracts and payments\s+3 on billing, pricebook/);
    await selectRow(app, 'Key pair management');
    await app.press(KEY.enter);
    f = await app.waitFor('Permissions (4)');
    expect(f).toMatch(/keypair\s+create, delete, list, update/);
  });

  it('read-only: n, a, X and D are refused with the reason, nothing opens', async () => {
    const app = await renderOrg({ readOnly: true });
    await app.waitFor('Alice Nakamura');
    await app.press('n');
    await app.waitFor('"invite a member" is not allowed');
    await selectRow(app, 'Dana Okafor');
    await app.press('a');
    await app.waitFor('"assign role" is not allowed');
    await app.press('X');
    await app.waitFor('"remove role" is not allowed');
    await app.press('i');
    await selectRow(app, 'farah@northwind-ai.example');
    await app.press('D');
    await app.waitFor('"delete" is not allowed');
    expect(app.store.getState().modal).toBeNull();
    expect(app.sim.world.org.invites).toHaveLength(3);
  });

  it('a key whose role lacks the permission: the refusal names it, the form keeps the address', async () => {
    const app = await renderOrg({ key: 'readonly' });
    await app.waitFor('Alice Nakamura');
    await app.press('n');
    await app.waitFor('Invite a member');
    await app.press(...'ivy@example.com'.split(''), CTRL_S);
    const f = await app.waitFor("does not grant the permission 'invite:create'");
    expect(f).toContain('Invite a member');
    expect(f).toMatch(/E-mail\s+ivy@example\.com/);
    expect(f).toContain(
      "status: Inviting ivy@example.com failed: Permission denied: your role does not grant the permission 'invite:create'",
    );
    expect(invitesOf(app.sim, 'ivy@example.com')).toHaveLength(0);
  });

  it('a 403 on loading says which permission is missing when the service names it', async () => {
    const app = await renderOrg({
      routes: (routes) =>
        routes.map((r) =>
          r.method === 'GET' && r.path === '/auth/organizations'
            ? {
                ...r,
                handle: () => {
                  throw new SimError(403, 'forbidden', 'Missing permission organization:read');
                },
              }
            : r,
        ),
    });
    const f = await app.waitFor('cannot load members');
    expect(f.replace(/\s+/g, ' ')).toContain(
      'permission denied (HTTP 403, GET /auth/organizations): Missing permission organization:read. Missing the permission organization:read: an organization admin must assign your account a role that grants it.',
    );
  });
  it('a member’s detail says their permissions; a gives them a role, X takes it; A accepts a pending invitation', async () => {
    const app = await renderOrg({ before: (sim) => void invite(sim.world, 'newcomer@example.com') });
    await selectRow(app, 'Dana Okafor');
    await app.press(KEY.enter);
    // Read only: their role's permissions, read for them alone (List_User_Permissions)
    await app.waitFor((f) => /Permissions \(\d+\), from their role/.test(f) && f.includes('virtual-machine'));
    await app.press(KEY.esc);
    await app.press('a');
    await app.waitFor('Give Dana Okafor the role');
    expect(app.frame()).toContain('Read only  (theirs)');
    await app.press(KEY.down, KEY.enter);
    await app.waitFor('Dana Okafor now holds the role');
    const dana = app.sim.world.org.members.find((m) => m.name === 'Dana Okafor')!;
    expect(dana.rbacRoles).not.toEqual(['Read only']);
    await app.waitFor((f) => new RegExp(`^› Dana Okafor .*${dana.rbacRoles[0]}`, 'm').test(f));
    await app.press('X');
    await app.waitFor(`Take the role ${dana.rbacRoles[0]} from Dana Okafor?`);
    await app.press('y');
    await app.waitFor('Dana Okafor holds no role now');
    expect(dana.rbacRoles).toEqual([]);
    await app.waitFor((f) => /^› Dana Okafor .*\(none: every action refused\)/m.test(f));
    await app.press('X');
    await app.waitFor('they hold no RBAC role');

    await app.press('i');
    await selectRow(app, 'newcomer@example.com');
    await app.press('A');
    await app.waitFor('Accept the invitation of newcomer@example.com?');
    await app.press('y');
    await app.waitFor('Invitation of newcomer@example.com accepted');
    expect(app.sim.world.org.members.some((m) => m.email === 'newcomer@example.com')).toBe(true);
  });
});
