import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  InviteListResponse,
  InviteResponse,
  OrganizationResponse,
  PolicyListResponse,
} from '../schemas/auth.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions, write } from './shared.js';

/** Organization, members, invitations and RBAC policies (/auth). */
export function authEndpoints(t: Transport) {
  return {
    /** The organization and its members. */
    organization: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/auth/organizations',
          schema: OrganizationResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.organization),

    removeMember: (email: string, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/auth/organizations/remove-member',
          body: body('Remove_Organization_Member', { email }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    renameOrganization: (name: string, o?: CallOptions) =>
      t
        .request({
          method: 'PUT',
          path: '/auth/organizations/update',
          body: body('Update_Organization_Information', { name }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    invites: {
      list: (o?: CallOptions) =>
        t
          .request({
            method: 'GET',
            path: '/auth/invites',
            schema: InviteListResponse,
            retry: true,
            signal: o?.signal,
          })
          .then((r) => r.invites),

      /** Invites `email`; the created invitation, or null when the service does not echo it. */
      create: (email: string, o?: CallOptions) =>
        t
          .request({
            method: 'POST',
            path: '/auth/invites',
            body: body('Invite_User_to_Organization', { email }),
            schema: InviteResponse,
            retry: false,
            signal: o?.signal,
          })
          .then((r) => r.invite ?? null),

      delete: (id: number, o?: CallOptions) =>
        t
          .request({
            method: 'DELETE',
            path: `/auth/invites/${seg(id)}`,
            schema: AckResponse,
            retry: false,
            signal: o?.signal,
          })
          .then(ackMessage),

      /** Accepts a pending invitation now (a GET that changes state: never retried). */
      accept: (id: number, o?: CallOptions) =>
        write(t, 'GET', `/auth/invites/${seg(id)}/accept`, AckResponse, undefined, o).then(ackMessage),
    },

    /** Policies that can be added to RBAC roles. */
    policies: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/auth/policies',
          schema: PolicyListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.policies),
  };
}
