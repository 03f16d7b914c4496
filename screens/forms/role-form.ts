/**
 * Make or edit an RBAC role (Create_RBAC_Role, Update_RBAC_Role): its name, description, the permissions it
 * grants (the service's catalogue, List_Permissions) and the policies it includes. An edit sends the whole role
 * again (the payload has no partial form): what is not ticked is taken away from everyone who holds it.
 */
import type { Role } from '../../src/api/schemas/access.js';
import { plainNameError } from '../../src/domain/names.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** CreateUpdateRbacRolePayload: a name of at most 200 characters. */
const ROLE_NAME_MAX = 200;

type RoleValues = {
  name: string;
  description: string;
  permissions: readonly string[];
  policies: readonly string[];
};

const ids = (xs: readonly string[]) => xs.map(Number);

export function roleForm(deps: ActionDeps, role?: Role): FormSpec<RoleValues> {
  const permissions = readData(deps.store, 'permissions') ?? [];
  const policies = readData(deps.store, 'policies') ?? [];
  const roles = readData(deps.store, 'roles') ?? [];
  const was = role ? sanitize(role.name) : undefined;
  return {
    title: role ? `Edit role ${was}` : 'New RBAC role',
    notes: role
      ? ['The whole role is sent again: what is not ticked is taken from everyone who holds it.']
      : ['A member holds one role: assign it from the role (a) or from :org members (a).'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        maxLength: ROLE_NAME_MAX,
        placeholder: 'e.g. ml-engineer',
        validate: (name) =>
          plainNameError(name, ROLE_NAME_MAX) ??
          (roles.some((r) => r.name === name && r.id !== role?.id)
            ? `a role named ${name} already exists`
            : undefined),
      },
      { id: 'description', kind: 'text', label: 'Description', placeholder: 'what it is for' },
      {
        id: 'permissions',
        kind: 'multi-select',
        label: 'Permissions',
        help: 'each one an action on a resource (the service’s catalogue)',
        options: () => permissions.map((p) => ({ label: p.permission, value: String(p.id) })),
      },
      {
        id: 'policies',
        kind: 'multi-select',
        label: 'Policies',
        help: 'a policy grants its own set of permissions (see :org, p)',
        options: () =>
          policies.map((p) => ({
            label: p.name,
            value: String(p.id),
            hint: `${p.permissions?.length ?? 0} permissions`,
          })),
      },
    ],
    initial: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: (role?.permissions ?? []).flatMap((p) => (p.id == null ? [] : [String(p.id)])),
      policies: (role?.policies ?? []).map((p) => String(p.id)),
    },
    summary: (v) => `${v.permissions.length} permissions, ${v.policies.length} policies`,
    submitLabel: role ? 'Save role' : 'Make role',
    onSubmit: async (v) => {
      const input = {
        name: v.name,
        description: v.description,
        permissions: ids(v.permissions),
        policies: ids(v.policies),
      };
      const name = sanitize(v.name);
      await mutate(
        deps,
        (api) => (role ? api.rbac.updateRole(role.id, input) : api.rbac.createRole(input)),
        role
          ? { doing: `Saving role ${was}`, done: `Role ${name} saved`, refresh: ['roles', 'organization'] }
          : { doing: `Making role ${name}`, done: `Role ${name} made`, refresh: ['roles'] },
      );
    },
  };
}

/** Opens the form once the catalogue, the policies and the roles are loaded (read-only: refused as every change). */
export async function openRoleForm(deps: ActionDeps, role?: Role): Promise<void> {
  const ok = await ensureLoaded(deps, ['permissions', 'policies', 'roles'], {
    title: role ? 'Edit role' : 'New role',
  });
  if (ok) ui.openForm(deps.store, roleForm(deps, role));
}
