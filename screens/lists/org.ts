/** The organization's lists (members, invitations, policies): rows and columns, for the Org screen and `get`. */
import type { Invite, OrganizationMember, Policy } from '../../src/api/schemas/auth.js';
import { age, NONE } from '../../src/domain/format.js';
import { liveMark } from '../../src/store/state/pending.js';
import type { ListSpec } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import { STATUS_SYMBOL, type Theme } from '../../src/ui/theme.js';

export const rolesOf = (m: OrganizationMember): string[] =>
  (m.rbac_roles ?? []).map((r) => r.name ?? '').filter((n) => n !== '');

function memberColumns(theme: Theme, now: number) {
  return [
    {
      id: 'name',
      title: 'NAME',
      value: (m: OrganizationMember) => m.name ?? m.username ?? null,
      minWidth: 12,
      identifies: true,
    },
    { id: 'email', title: 'E-MAIL', value: (m: OrganizationMember) => m.email ?? null, priority: 0 },
    { id: 'role', title: 'ROLE', value: (m: OrganizationMember) => m.role ?? null, priority: 0 },
    {
      id: 'rbac',
      title: 'RBAC ROLES',
      value: (m: OrganizationMember) => rolesOf(m).join(', '),
      text: (m: OrganizationMember) => rolesOf(m).join(', ') || '(none: every action refused)',
      color: (m: OrganizationMember) => (rolesOf(m).length === 0 ? theme.warn : undefined),
      priority: 0,
    },
    {
      id: 'login',
      title: 'LAST LOGIN',
      value: (m: OrganizationMember) => (m.last_login ? -Date.parse(m.last_login) : null),
      text: (m: OrganizationMember) => (m.last_login ? `${age(m.last_login, now)} ago` : 'never'),
      align: 'right' as const,
      priority: 2,
    },
    { ...ageColumn((m: OrganizationMember) => m.joined_at, now), title: 'JOINED', priority: 1 },
  ];
}

export const MEMBERS_LIST: ListSpec<OrganizationMember, 'organization'> = {
  resource: 'organization',
  noun: 'members',
  columns: memberColumns,
  rowId: (m) => String(m.id ?? m.email ?? m.username),
  rows: (ctx) => ctx.data.users ?? [],
};

/** An invitation and the action under way on it ("deleting"), if any. */
export interface InviteRow {
  inv: Invite;
  pending: string | undefined;
}

export function inviteStatus(status: string | null | undefined): string {
  const s = (status ?? '').toLowerCase();
  const symbol =
    s === 'pending'
      ? STATUS_SYMBOL.busy
      : s === 'accepted'
        ? STATUS_SYMBOL.ok
        : s === 'expired'
          ? STATUS_SYMBOL.off
          : STATUS_SYMBOL.unknown;
  return `${symbol} ${status ?? NONE}`;
}

function inviteColumns(theme: Theme, now: number) {
  return [
    {
      id: 'email',
      title: 'E-MAIL',
      value: (r: InviteRow) => r.inv.email,
      minWidth: 16,
      identifies: true,
      priority: 0,
    },
    {
      id: 'status',
      title: 'STATUS',
      value: (r: InviteRow) => r.inv.status ?? null,
      text: (r: InviteRow) =>
        r.pending ? `${STATUS_SYMBOL.busy} ${r.pending}…` : inviteStatus(r.inv.status),
      color: (r: InviteRow) =>
        r.pending || r.inv.status === 'pending'
          ? theme.warn
          : r.inv.status === 'accepted'
            ? theme.ok
            : theme.dim,
      minWidth: 12,
      priority: 0,
    },
    { ...ageColumn((r: InviteRow) => r.inv.created_at, now), title: 'SENT' },
  ];
}

export const INVITES_LIST: ListSpec<InviteRow, 'invites'> = {
  resource: 'invites',
  noun: 'invitations',
  columns: inviteColumns,
  rowId: (r) => String(r.inv.id),
  rows: (ctx) => {
    const now = Date.now();
    return ctx.data.map((inv) => ({
      inv,
      pending: liveMark(ctx.pending, `invite:${inv.id}`, inv.status, now)?.label,
    }));
  },
  raw: (r) => r.inv,
};

/** "virtual-machine (create, delete, list)" per resource, in name order. */
export function permissionsByResource(p: {
  permissions?: readonly { permission: string; resource?: string | null | undefined }[] | null | undefined;
}): [resource: string, actions: string[]][] {
  const by = new Map<string, string[]>();
  for (const perm of p.permissions ?? []) {
    const [res, action] = perm.permission.includes(':')
      ? [
          perm.permission.slice(0, perm.permission.indexOf(':')),
          perm.permission.slice(perm.permission.indexOf(':') + 1),
        ]
      : [perm.resource ?? '', perm.permission];
    by.set(res, [...(by.get(res) ?? []), action]);
  }
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([r, a]) => [r, a.sort()]);
}

export const POLICIES_LIST: ListSpec<Policy, 'policies'> = {
  resource: 'policies',
  noun: 'policies',
  columns: (_theme, now) => [
    nameColumn((p) => p.name, 22),
    { id: 'description', title: 'DESCRIPTION', value: (p) => p.description ?? null, priority: 1 },
    {
      id: 'perms',
      title: 'PERMISSIONS',
      value: (p) => p.permissions?.length ?? 0,
      text: (p) => {
        const by = permissionsByResource(p);
        return `${p.permissions?.length ?? 0} on ${by.map(([r]) => r).join(', ') || NONE}`;
      },
      align: 'left',
      priority: 0,
    },
    ageColumn((p) => p.created_at, now),
  ],
  rowId: (p) => String(p.id),
  rows: (ctx) => ctx.data,
};
