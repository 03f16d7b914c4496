/**
 * RBAC: the service's catalogue of permissions, the organisation's roles (each a set of permissions and policies)
 * and which role each member holds. A member holds at most one role (Assign_RBAC_Role_to_User names one role;
 * Remove_RBAC_Role_From_User names none), kept by name on the member as the organisation's answer shows it.
 */
import type { World } from '../world.js';
import type { PermissionRecord, RoleRecord } from './account-types.js';
import { alreadyExists, invalid, notFound, requireName } from './errors.js';
import type { MemberRecord } from './types.js';

export interface RoleInput {
  name: string;
  description: string;
  permissions: number[];
  policies: number[];
}

export function requireRole(world: World, id: number): RoleRecord {
  const r = world.roles.get(id);
  if (!r) throw notFound(`RBAC role with id ${id} not found.`);
  return r;
}

export function requireMember(world: World, id: number): MemberRecord {
  const m = world.org.members.find((x) => x.id === id);
  if (!m) throw notFound(`No user with id ${id} in organization ${world.org.name}.`);
  return m;
}

function check(world: World, input: RoleInput, self?: RoleRecord): void {
  // CreateUpdateRbacRolePayload: name at most 200 characters
  requireName('name', input.name, 200);
  for (const r of world.roles.values())
    if (r !== self && r.name === input.name)
      throw alreadyExists(`A role named "${input.name}" already exists.`);
  const badPermission = input.permissions.find((id) => !world.permissions.some((p) => p.id === id));
  if (badPermission !== undefined) throw invalid(`Permission with id ${badPermission} does not exist.`);
  const badPolicy = input.policies.find((id) => !world.policies.some((p) => p.id === id));
  if (badPolicy !== undefined) throw invalid(`Policy with id ${badPolicy} does not exist.`);
}

export function createRole(world: World, input: RoleInput): RoleRecord {
  check(world, input);
  const role: RoleRecord = {
    id: world.nextId('role'),
    name: input.name,
    description: input.description,
    permissionIds: [...new Set(input.permissions)],
    policyIds: [...new Set(input.policies)],
    createdAt: world.now(),
  };
  world.roles.set(role.id, role);
  return role;
}

/** Replaces the role's name, description, permissions and policies; its members keep it under its new name. */
export function updateRole(world: World, role: RoleRecord, input: RoleInput): RoleRecord {
  check(world, input, role);
  for (const m of world.org.members) m.rbacRoles = m.rbacRoles.map((n) => (n === role.name ? input.name : n));
  role.name = input.name;
  role.description = input.description;
  role.permissionIds = [...new Set(input.permissions)];
  role.policyIds = [...new Set(input.policies)];
  return role;
}

/**
 * Deletes the role. What the service does to the members holding it is not documented: here they lose it (and
 * its permissions), as if it had been removed from each.
 */
export function deleteRole(world: World, role: RoleRecord): void {
  for (const m of world.org.members) m.rbacRoles = m.rbacRoles.filter((n) => n !== role.name);
  world.roles.delete(role.id);
}

export function assignRole(member: MemberRecord, role: RoleRecord): void {
  member.rbacRoles = [role.name];
}

export function removeRole(member: MemberRecord): void {
  if (member.rbacRoles.length === 0) throw invalid(`${member.email} has no RBAC role to remove.`);
  member.rbacRoles = [];
}

export function roleByName(world: World, name: string): RoleRecord | undefined {
  for (const r of world.roles.values()) if (r.name === name) return r;
  return undefined;
}

/** What a role grants: its own permissions and those of its policies, once each, by the catalogue's entries. */
export function rolePermissions(world: World, role: RoleRecord): PermissionRecord[] {
  const names = new Set<string>();
  for (const id of role.permissionIds) {
    const p = world.permissions.find((x) => x.id === id);
    if (p) names.add(p.permission);
  }
  for (const id of role.policyIds)
    for (const p of world.policies.find((x) => x.id === id)?.permissions ?? []) names.add(p.permission);
  return world.permissions.filter((p) => names.has(p.permission));
}

/** A member's permissions: those of the role they hold (none without one). */
export function memberPermissions(world: World, member: MemberRecord): PermissionRecord[] {
  const role = member.rbacRoles.map((n) => roleByName(world, n)).find((r) => r !== undefined);
  return role ? rolePermissions(world, role) : [];
}
