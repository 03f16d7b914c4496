/** RBAC shapes: a permission and a policy as a role names them, each as its own list gives it, and a role. */
import type { PermissionRecord, RoleRecord } from '../world/account-types.js';
import type { PolicyRecord } from '../world/types.js';
import type { World } from '../world.js';
import { iso } from './view-core.js';

/** A permission as a role or a member's permissions name it. */
export const permissionJson = (p: PermissionRecord) => ({
  id: p.id,
  resource: p.resource,
  permission: p.permission,
});

/** A permission of the catalogue (List_Permissions). */
export const permissionDetailJson = (p: PermissionRecord) => ({
  ...permissionJson(p),
  method: p.method,
  endpoint: p.endpoint,
  created_at: iso(p.createdAt),
});

/** A policy as a role names it. */
const policyJson = (p: PolicyRecord) => ({ id: p.id, name: p.name, description: p.description });

/** A policy of List_Policies. */
export const policyDetailJson = (p: PolicyRecord) => ({
  ...policyJson(p),
  created_at: iso(p.createdAt),
  permissions: p.permissions,
});

export function roleJson(world: World, r: RoleRecord) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    created_at: iso(r.createdAt),
    permissions: world.permissions.filter((p) => r.permissionIds.includes(p.id)).map(permissionJson),
    policies: world.policies.filter((p) => r.policyIds.includes(p.id)).map(policyJson),
  };
}
