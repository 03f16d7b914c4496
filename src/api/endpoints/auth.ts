import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  InviteListResponse,
  InviteResponse,
  OrganizationResponse,
  PolicyListResponse,
} from '../schemas/auth.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions } from './shared.js';

/** Organization, members, invitations and RBAC policies (/auth). */
export function authEndpoints(t: Transport) {
  return {
    /** The organization and its members. */
    organization: (o?: CallOptions) =>
      call(t, op.Retrieve_Organization_Information, o, { schema: OrganizationResponse }).then(
        (r) => r.organization,
      ),

    removeMember: (email: string, o?: CallOptions) =>
      call(t, op.Remove_Organization_Member, o, { body: { email }, schema: AckResponse }).then(ackMessage),

    renameOrganization: (name: string, o?: CallOptions) =>
      call(t, op.Update_Organization_Information, o, { body: { name }, schema: AckResponse }).then(
        ackMessage,
      ),

    invites: {
      list: (o?: CallOptions) =>
        call(t, op.List_Invites, o, { schema: InviteListResponse }).then((r) => r.invites),

      /** Invites `email`; the created invitation, or null when the service does not echo it. */
      create: (email: string, o?: CallOptions) =>
        call(t, op.Invite_User_to_Organization, o, { body: { email }, schema: InviteResponse }).then(
          (r) => r.invite ?? null,
        ),

      delete: (id: number, o?: CallOptions) =>
        call(t, op.Delete_Invite, o, { params: { id }, schema: AckResponse }).then(ackMessage),

      /** Accepts a pending invitation now (a GET that changes state: never retried). */
      accept: (id: number, o?: CallOptions) =>
        call(t, op.Accept_Invite, o, { params: { id }, schema: AckResponse }).then(ackMessage),
    },

    /** Policies that can be added to RBAC roles. */
    policies: (o?: CallOptions) =>
      call(t, op.List_Policies, o, { schema: PolicyListResponse }).then((r) => r.policies),
  };
}
