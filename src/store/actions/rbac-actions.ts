/**
 * A member's RBAC role: assigned from the role (a member chosen) or from the member (a role chosen), removed from
 * the member. A member holds one role (Assign_RBAC_Role_to_User names one): assigning replaces theirs, and the
 * dialogs say so.
 */
import type { Role } from '../../api/schemas/access.js';
import type { OrganizationMember } from '../../api/schemas/auth.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { readData, storeKey } from '../state/resources.js';
import { ensureLoaded } from './ensure-loaded.js';
import { type ActionDeps, confirmThenRun, runAction } from './mutate.js';

const roleNames = (m: OrganizationMember) => (m.rbac_roles ?? []).map((r) => r.name ?? '').filter(Boolean);
const who = (m: OrganizationMember) => sanitize(m.name ?? m.email ?? `user ${m.id}`);

/** Gives the member the role (it replaces the one they hold). */
export function assignRole(deps: ActionDeps, m: OrganizationMember, role: Role): void {
  const userId = m.id;
  if (userId == null) {
    ui.say(deps.store, 'this member has no user id: the service assigns roles by user id', 'error');
    return;
  }
  const name = sanitize(role.name);
  void runAction(deps, (api) => api.rbac.assignRole(userId, role.id), {
    doing: `Giving ${who(m)} the role ${name}`,
    done: `${who(m)} now holds the role ${name}`,
    refresh: ['organization', storeKey('user-permissions', userId)],
  });
}

/** Chooses a member of the organisation to give the role to. */
export async function chooseMemberFor(deps: ActionDeps, role: Role): Promise<void> {
  if (!(await ensureLoaded(deps, ['organization'], { title: 'Assign role' }))) return;
  const members = (readData(deps.store, 'organization')?.users ?? []).filter((m) => m.id != null);
  if (members.length === 0) {
    ui.say(deps.store, 'no member to give the role to', 'info');
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title: `Give the role ${sanitize(role.name)} to`,
    message: 'A member holds one role: this one replaces theirs.',
    options: members.map((m) => ({
      label: `${who(m)}  ${sanitize(m.email ?? '')}  ${sanitize(roleNames(m).join(', ') || '(no role)')}`,
      value: String(m.id),
    })),
    onChoose: (value) => {
      const m = members.find((x) => String(x.id) === value);
      if (m) assignRole(deps, m, role);
    },
  });
}

/** Chooses a role to give the member (theirs is marked). */
export async function chooseRoleFor(deps: ActionDeps, m: OrganizationMember): Promise<void> {
  if (!(await ensureLoaded(deps, ['roles'], { title: 'Assign role' }))) return;
  const roles = readData(deps.store, 'roles') ?? [];
  if (roles.length === 0) {
    ui.say(deps.store, 'no RBAC role to give: make one on :roles (n)', 'info');
    return;
  }
  const held = roleNames(m);
  ui.openModal(deps.store, {
    kind: 'choose',
    title: `Give ${who(m)} the role`,
    message: held.length
      ? `They hold ${sanitize(held.join(', '))}: the role chosen replaces it.`
      : 'They hold no role: the service refuses them every action until they do.',
    options: roles.map((r) => ({
      label: `${sanitize(r.name)}${held.includes(r.name) ? '  (theirs)' : ''}`,
      value: String(r.id),
    })),
    onChoose: (value) => {
      const r = roles.find((x) => String(x.id) === value);
      if (r) assignRole(deps, m, r);
    },
  });
}

/** Takes the member's role away, after a confirmation: the service then refuses them every action. */
export function removeRole(deps: ActionDeps, m: OrganizationMember): void {
  const userId = m.id;
  const held = roleNames(m);
  if (userId == null || held.length === 0) {
    ui.say(deps.store, `${who(m)} holds no RBAC role`, 'info');
    return;
  }
  confirmThenRun(deps, {
    title: `Take the role ${sanitize(held.join(', '))} from ${who(m)}?`,
    message: 'With no role, the service refuses them every action until an admin assigns one.',
    confirmLabel: 'remove role',
    danger: true,
    call: (api) => api.rbac.removeRole(userId),
    doing: `Taking the role from ${who(m)}`,
    done: `${who(m)} holds no role now`,
    refresh: ['organization', storeKey('user-permissions', userId)],
  });
}
