import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  PermissionListResponse,
  type Role,
  type RoleInput,
  RoleListResponse,
  RoleResponse,
  UserPermissionListResponse,
} from '../schemas/access.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions, read, write } from './shared.js';

/** The role of an answer: under `role` (create, update, assign) or `roles` (the detail); the schema wants one. */
const roleOf = (r: { role?: Role | null; roles?: Role | null }) => (r.role ?? r.roles) as Role;

/** RBAC (/auth/roles, /auth/permissions, a member's role and permissions). */
export function rbacEndpoints(t: Transport) {
  return {
    /** Every permission a role can grant. */
    permissions: (o?: CallOptions) =>
      read(t, '/auth/permissions', PermissionListResponse, o).then((r) => r.permissions),

    roles: (o?: CallOptions) => read(t, '/auth/roles', RoleListResponse, o).then((r) => r.roles),

    role: (id: number, o?: CallOptions) => read(t, `/auth/roles/${seg(id)}`, RoleResponse, o).then(roleOf),

    createRole: (input: RoleInput, o?: CallOptions) =>
      write(t, 'POST', '/auth/roles', RoleResponse, body('Create_RBAC_Role', input), o).then(roleOf),

    updateRole: (id: number, input: RoleInput, o?: CallOptions) =>
      write(t, 'PUT', `/auth/roles/${seg(id)}`, RoleResponse, body('Update_RBAC_Role', input), o).then(
        roleOf,
      ),

    deleteRole: (id: number, o?: CallOptions) =>
      write(t, 'DELETE', `/auth/roles/${seg(id)}`, AckResponse, undefined, o).then(ackMessage),

    /** The permissions of the key's own user. */
    myPermissions: (o?: CallOptions) =>
      read(t, '/auth/users/me/permissions', UserPermissionListResponse, o).then((r) => r.permissions),

    userPermissions: (userId: number, o?: CallOptions) =>
      read(t, `/auth/users/${seg(userId)}/permissions`, UserPermissionListResponse, o).then(
        (r) => r.permissions,
      ),

    /** Gives the member this role (a member holds one: it replaces theirs). */
    assignRole: (userId: number, roleId: number, o?: CallOptions) =>
      write(
        t,
        'PUT',
        `/auth/users/${seg(userId)}/assign-roles`,
        RoleResponse,
        body('Assign_RBAC_Role_to_User', { role_id: roleId }),
        o,
      ).then(roleOf),

    removeRole: (userId: number, o?: CallOptions) =>
      write(t, 'DELETE', `/auth/users/${seg(userId)}/roles`, AckResponse, undefined, o).then(ackMessage),
  };
}
