/** Organization, invitations and RBAC policies. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { creditNow } from '../world/credit.js';
import { deleteInvite, invite, removeMember, renameOrg } from '../world/org.js';
import { body, idParam, ok, refusedAs400, reqStr } from './body.js';
import { policyDetailJson } from './view-access.js';
import { iso } from './view-core.js';

export const authRoutes: RouteDef[] = [
  serve(op.Retrieve_Organization_Information, {
    handle: (_req, world) => {
      const o = world.org;
      let clusters = 0;
      for (const c of world.clusters.values()) if (c.status !== 'DELETING') clusters++;
      return ok('Getting organization details successful', {
        organization: {
          id: o.id,
          name: o.name,
          created_at: iso(o.createdAt),
          // an integer in Retrieve_Organization_Information
          credit: Math.floor(creditNow(world)),
          threshold: o.threshold,
          total_instances: world.vms.size,
          total_volumes: world.volumes.size,
          total_clusters: clusters,
          total_containers: 0,
          users: o.members.map((m) => ({
            id: m.id,
            name: m.name,
            email: m.email,
            username: m.username,
            sub: m.sub,
            role: m.role,
            rbac_roles: m.rbacRoles.map((name) => ({ name })),
            joined_at: iso(m.joinedAt),
            last_login: m.lastLogin === null ? null : iso(m.lastLogin),
          })),
        },
      });
    },
  }),
  serve(op.Remove_Organization_Member, {
    // Remove_Organization_Member documents no 404: an unknown member is a 400
    handle: refusedAs400([404], (req, world) => {
      const email = reqStr(body(req), 'email', 64);
      removeMember(world, email);
      return ok(`${email} has been removed from the organization.`);
    }),
  }),
  serve(op.Update_Organization_Information, {
    handle: (req, world) => {
      renameOrg(world, reqStr(body(req), 'name', 50));
      return ok('Organization updated successfully.');
    },
  }),
  serve(op.Invite_User_to_Organization, {
    handle: (req, world) => {
      const inv = invite(world, reqStr(body(req), 'email', 254));
      return ok(
        `Invitation sent to ${inv.email}.`,
        { invite: { id: inv.id, email: inv.email, status: inv.status, created_at: iso(inv.createdAt) } },
        201,
      );
    },
  }),
  serve(op.List_Invites, {
    handle: (_req, world) =>
      ok('Getting invites successful', {
        invites: world.org.invites.map((i) => ({
          id: i.id,
          email: i.email,
          status: i.status,
          created_at: iso(i.createdAt),
        })),
      }),
  }),
  serve(op.Delete_Invite, {
    handle: (req, world) => {
      deleteInvite(world, idParam(req));
      return ok('Invitation deleted successfully.');
    },
  }),
  serve(op.List_Policies, {
    handle: (_req, world) =>
      ok('Getting policies successful', {
        policies: world.policies.map(policyDetailJson),
      }),
  }),
];
