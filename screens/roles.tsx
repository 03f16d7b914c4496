/**
 * RBAC roles: the permissions of this key's own user on top, then the organisation's roles (what each grants, who
 * holds it). n makes a role, e edits one, a gives it to a member, D deletes one once its name is typed. A member's
 * role is also given (a) and taken (X) from :org members.
 */
import { Box, Text } from 'ink';
import type { Role } from '../src/api/schemas/access.js';
import { age, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { truncate } from '../src/domain/text.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { chooseMemberFor } from '../src/store/actions/rbac-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { LISTED } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import { type ScreenProps, useApp, useWatch } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { useData } from '../src/ui/screen/hooks.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { ROLES_LIST, type RoleRow, roleMark } from './lists/roles.js';
import { permissionLines, permissionsLine } from './permission-lines.js';

const roleForm = lazyCode(() => import('./forms/role-form.js'));

/** The line of the key's own permissions. */
const TOP_LINES = 1;

export function roleDetailLines(r: RoleRow, role: Role, now: number): DetailLine[] {
  const members = r.members;
  return [
    section(`Role ${role.name}`),
    field('Description', role.description || NONE),
    field(
      'Created',
      role.created_at ? `${dateTime(role.created_at)} (${age(role.created_at, now)} ago)` : NONE,
    ),
    field(
      'Held by',
      members === undefined
        ? 'loading…'
        : members.map((m) => m.name ?? m.email ?? `user ${m.id}`).join(', ') ||
            'nobody (a gives it to a member)',
    ),
    section(`Permissions of its own (${role.permissions?.length ?? 0})`),
    ...permissionLines(role),
    section(`Policies (${role.policies?.length ?? 0}): their permissions come with the role`),
    ...(role.policies?.length
      ? role.policies.map((p) => field(p.name ?? `#${p.id}`, p.description || NONE))
      : [text('none', 'dim')]),
  ];
}

/** Deletes a role once its name is typed: the members who hold it are left with none. */
export function deleteRole(deps: ActionDeps, r: RoleRow): void {
  const name = sanitize(r.role.name);
  const n = r.members?.length ?? 0;
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete role ${name}?`,
    message: `${n === 0 ? 'Nobody holds it.' : `${n} member${n === 1 ? ' holds' : 's hold'} it: the service then refuses them every action until they are given another.`} Type its name to confirm.`,
    expected: r.role.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.rbac.deleteRole(r.role.id), {
        doing: `Deleting role ${name}`,
        done: `Role ${name} deleted`,
        refresh: ['roles', 'organization'],
        pending: { key: roleMark(r.role), label: 'deleting', from: LISTED },
      }),
  });
}

export const ROLES_SPEC: ResourceSpec<RoleRow, 'roles'> = {
  ...ROLES_LIST,
  title: 'RBAC roles',
  emptyText: 'no RBAC roles (n makes one)',
  pendingPrefix: 'role',
  pending: { key: (r) => roleMark(r.role), status: () => LISTED },
  detail: {
    title: (r) => `role ${r.role.name}`,
    // the role read alone while open (Retrieve_RBAC_Role_Details); the list's until it lands
    watch: (r) => [storeKey('role', r.role.id)],
    lines: (r, slice, now) =>
      roleDetailLines(r, fresher(slice(storeKey('role', r.role.id)), slice('roles'), r.role), now),
    raw: (r) => r.role,
  },
  actions: [
    {
      key: 'e',
      label: 'edit',
      mutation: true,
      run: (r, app) => roleForm((m) => void m.openRoleForm(app.deps, r.role)),
    },
    {
      key: 'a',
      label: 'assign to member',
      mutation: true,
      run: (r, app) => void chooseMemberFor(app.deps, r.role),
    },
    { key: 'D', label: 'delete', mutation: true, run: (r, app) => deleteRole(app.deps, r) },
  ],
  screenActions: [
    {
      key: 'n',
      label: 'new role',
      mutation: true,
      run: (app) => roleForm((m) => void m.openRoleForm(app.deps)),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([ROLES_SPEC]);

/** RBAC roles: the key's own permissions on top, the organisation's roles below. */
export function RolesScreen({ width, height, active }: ScreenProps) {
  const { theme } = useApp();
  useWatch(['my-permissions']);
  const mine = useData('my-permissions');
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>
          {'This key’s user may: '}
        </Text>
        {truncate(sanitize(permissionsLine(mine)), Math.max(0, width - 21))}
      </Text>
      <ResourceScreen
        width={width}
        height={Math.max(3, height - TOP_LINES)}
        active={active}
        title="RBAC roles"
        spec={ROLES_SPEC}
      />
    </Box>
  );
}
