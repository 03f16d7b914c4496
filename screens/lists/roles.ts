/**
 * The organisation's RBAC roles, for :roles and `get roles`: what each grants (its own permissions and its
 * policies) and how many members hold it (from the organisation's members, whose answer names their roles).
 */
import type { Role } from '../../src/api/schemas/access.js';
import type { OrganizationMember } from '../../src/api/schemas/auth.js';
import { NONE } from '../../src/domain/format.js';
import { listedMarks } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { descriptionColumn } from '../../src/ui/table/description-column.js';
import { numberColumn } from '../../src/ui/table/number-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';
import { rolesOf } from './org.js';
import { pendingNameColumn } from './pending-name.js';

export interface RoleRow {
  role: Role;
  /** The members who hold it (by the organisation's answer; undefined until it is loaded). */
  members: readonly OrganizationMember[] | undefined;
  /** "deleting", from the moment D was confirmed until the role is gone. */
  pending: string | undefined;
}

export const roleMark = (r: { id: number }) => `role:${r.id}`;

/** The members of the organisation who hold the role named so. */
export function holders(
  users: readonly OrganizationMember[] | null | undefined,
  role: string,
): OrganizationMember[] {
  return (users ?? []).filter((m) => rolesOf(m).includes(role));
}

const policyNames = (r: Role) => (r.policies ?? []).map((p) => p.name ?? `#${p.id}`).join(', ');

function columns(theme: Theme, now: number): Column<RoleRow>[] {
  return [
    pendingNameColumn(theme, (r) => r.role.name, 18),
    numberColumn(
      'members',
      'MEMBERS',
      (r) => r.members?.length ?? null,
      (n) => (n == null ? NONE : String(n)),
      {
        priority: 0,
      },
    ),
    numberColumn('permissions', 'PERMISSIONS', (r) => r.role.permissions?.length ?? 0, String, {
      priority: 1,
    }),
    {
      id: 'policies',
      title: 'POLICIES',
      value: (r) => policyNames(r.role) || null,
      minWidth: 16,
      priority: 1,
    },
    descriptionColumn((r) => r.role.description, 2),
    ageColumn((r) => r.role.created_at, now),
  ];
}

function rows(ctx: RowContext<'roles'>): readonly RoleRow[] {
  const mark = listedMarks(ctx.pending);
  const users = ctx.also('organization')?.users;
  return ctx.data.map((role) => ({
    role,
    members: users ? holders(users, role.name) : undefined,
    pending: mark(roleMark(role)),
  }));
}

export const ROLES_LIST: ListSpec<RoleRow, 'roles'> = {
  resource: 'roles',
  also: ['organization'],
  noun: 'roles',
  columns,
  rowId: (r) => String(r.role.id),
  rows,
  raw: (r) => r.role,
};
