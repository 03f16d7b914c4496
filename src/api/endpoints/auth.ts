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
      call(t, op.Retrieve_Organization_Information, { schema: OrganizationResponse, signal: o?.signal }).then(
        (r) => r.organization,
      ),

    removeMember: (email: string, o?: CallOptions) =>
      call(t, op.Remove_Organization_Member, {
        body: { email },
        schema: AckResponse,
        signal: o?.signal,
      }).then(ackMessage),

    renameOrganization: (name: string, o?: CallOptions) =>
      call(t, op.Update_Organization_Information, {
        body: { name },
        schema: AckResponse,
        signal: o?.signal,
      }).then(ackMessage),

    invites: {
      list: (o?: CallOptions) =>
        call(t, op.List_Invites, { schema: InviteListResponse, signal: o?.signal }).then((r) => r.invites),

      /** Invites `email`; the created invitation, or null when the service does not echo it. */
      create: (email: string, o?: CallOptions) =>
        call(t, op.Invite_User_to_Organization, {
          body: { email },
          schema: InviteResponse,
          signal: o?.signal,
        }).then((r) => r.invite ?? null),

      delete: (id: number, o?: CallOptions) =>
        call(t, op.Delete_Invite, { params: { id }, schema: AckResponse, signal: o?.signal }).then(
          ackMessage,
        ),

      /** Accepts a pending invitation now (a GET that changes state: never retried). */
      accept: (id: number, o?: CallOptions) =>
        call(t, op.Accept_Invite, {
          params: { id },
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        }).then(ackMessage),
    },

    /** Policies that can be added to RBAC roles. */
    policies: (o?: CallOptions) =>
      call(t, op.List_Policies, { schema: PolicyListResponse, signal: o?.signal }).then((r) => r.policies),
  };
}
