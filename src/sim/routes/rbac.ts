/** RBAC: the permission catalogue, roles (list, read, create, update, delete), members' roles and permissions. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import {
  assignRole,
  createRole,
  deleteRole,
  memberPermissions,
  type RoleInput,
  removeRole,
  requireMember,
  requireRole,
  updateRole,
} from '../world/rbac.js';
import { type Body, body, idParam, ok, optIntArray, refusedAs400, reqInt, reqStr } from './body.js';
import { permissionDetailJson, permissionJson, roleJson } from './view-access.js';

/** CreateUpdateRbacRolePayload: name and description required, permissions and policies optional. */
function roleInput(b: Body): RoleInput {
  return {
    name: reqStr(b, 'name'),
    description: reqStr(b, 'description'),
    permissions: optIntArray(b, 'permissions') ?? [],
    policies: optIntArray(b, 'policies') ?? [],
  };
}

export const rbacRoutes: RouteDef[] = [
  serve(op.List_Permissions, {
    handle: (_req, world) =>
      ok('Getting permissions successful', {
        permissions: world.permissions.map(permissionDetailJson),
      }),
  }),
  serve(op.List_RBAC_Roles, {
    handle: (_req, world) =>
      ok('Getting RBAC roles successful', {
        roles: [...world.roles.values()].map((r) => roleJson(world, r)),
      }),
  }),
  serve(op.Create_RBAC_Role, {
    handle: (req, world) => {
      const r = createRole(world, roleInput(body(req)));
      return ok(`Role ${r.name} created successfully.`, { role: roleJson(world, r) }, 201);
    },
  }),
  serve(op.Retrieve_RBAC_Role_Details, {
    // RbacRoleDetailResponseModelFixed: the role under `roles`
    handle: (req, world) =>
      ok('Getting RBAC role successful', { roles: roleJson(world, requireRole(world, idParam(req))) }),
  }),
  serve(op.Update_RBAC_Role, {
    handle: (req, world) => {
      const r = updateRole(world, requireRole(world, idParam(req)), roleInput(body(req)));
      return ok(`Role ${r.name} updated successfully.`, { role: roleJson(world, r) });
    },
  }),
  serve(op.Delete_RBAC_Role, {
    handle: (req, world) => {
      const r = requireRole(world, idParam(req));
      deleteRole(world, r);
      return ok(`Role ${r.name} deleted successfully.`);
    },
  }),
  serve(op.List_My_User_Permissions, {
    handle: (_req, world) =>
      ok('Getting your permissions successful', {
        permissions: memberPermissions(world, requireMember(world, world.userId)).map(permissionJson),
      }),
  }),
  serve(op.List_User_Permissions, {
    // List_User_Permissions documents no 404: an unknown user is a 400
    handle: refusedAs400([404], (req, world) =>
      ok('Getting user permissions successful', {
        permissions: memberPermissions(world, requireMember(world, idParam(req))).map(permissionJson),
      }),
    ),
  }),
  serve(op.Assign_RBAC_Role_to_User, {
    handle: (req, world) => {
      const member = requireMember(world, idParam(req, 'user_id'));
      const role = requireRole(world, reqInt(body(req), 'role_id'));
      assignRole(member, role);
      return ok(`Role ${role.name} assigned to ${member.email}.`, { role: roleJson(world, role) });
    },
  }),
  serve(op.Remove_RBAC_Role_From_User, {
    handle: (req, world) => {
      const member = requireMember(world, idParam(req, 'user_id'));
      removeRole(member);
      return ok(`The RBAC role of ${member.email} was removed.`);
    },
  }),
];
