import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  PermissionListResponse,
  type Role,
  type RoleInput,
  RoleListResponse,
  RoleResponse,
  UserPermissionListResponse,
} from '../schemas/access.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions } from './shared.js';

/** The role of an answer: under `role` (create, update, assign) or `roles` (the detail); the schema wants one. */
const roleOf = (r: { role?: Role | null; roles?: Role | null }) => (r.role ?? r.roles) as Role;

/** RBAC (/auth/roles, /auth/permissions, a member's role and permissions). */
export function rbacEndpoints(t: Transport) {
  return {
    /** Every permission a role can grant. */
    permissions: (o?: CallOptions) =>
      call(t, op.List_Permissions, o, { schema: PermissionListResponse }).then((r) => r.permissions),

    roles: (o?: CallOptions) =>
      call(t, op.List_RBAC_Roles, o, { schema: RoleListResponse }).then((r) => r.roles),

    role: (id: number, o?: CallOptions) =>
      call(t, op.Retrieve_RBAC_Role_Details, o, { params: { id }, schema: RoleResponse }).then(roleOf),

    createRole: (input: RoleInput, o?: CallOptions) =>
      call(t, op.Create_RBAC_Role, o, { body: input, schema: RoleResponse }).then(roleOf),

    updateRole: (id: number, input: RoleInput, o?: CallOptions) =>
      call(t, op.Update_RBAC_Role, o, { params: { id }, body: input, schema: RoleResponse }).then(roleOf),

    deleteRole: (id: number, o?: CallOptions) =>
      call(t, op.Delete_RBAC_Role, o, { params: { id }, schema: AckResponse }).then(ackMessage),

    /** The permissions of the key's own user. */
    myPermissions: (o?: CallOptions) =>
      call(t, op.List_My_User_Permissions, o, { schema: UserPermissionListResponse }).then(
        (r) => r.permissions,
      ),

    userPermissions: (userId: number, o?: CallOptions) =>
      call(t, op.List_User_Permissions, o, {
        params: { id: userId },
        schema: UserPermissionListResponse,
      }).then((r) => r.permissions),

    /** Gives the member this role (a member holds one: it replaces theirs). */
    assignRole: (userId: number, roleId: number, o?: CallOptions) =>
      call(t, op.Assign_RBAC_Role_to_User, o, {
        params: { user_id: userId },
        body: { role_id: roleId },
        schema: RoleResponse,
      }).then(roleOf),

    removeRole: (userId: number, o?: CallOptions) =>
      call(t, op.Remove_RBAC_Role_From_User, o, { params: { user_id: userId }, schema: AckResponse }).then(
        ackMessage,
      ),
  };
}
