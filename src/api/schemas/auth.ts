import * as z from 'zod';
import { envelopeShape, num } from './common.js';

export const OrganizationMemberSchema = z.looseObject({
  id: z.number().nullish(),
  email: z.string().nullish(),
  name: z.string().nullish(),
  username: z.string().nullish(),
  role: z.string().nullish(),
  sub: z.string().nullish(),
  joined_at: z.string().nullish(),
  last_login: z.string().nullish(),
  rbac_roles: z.array(z.looseObject({ name: z.string().nullish() })).nullish(),
});
export type OrganizationMember = z.output<typeof OrganizationMemberSchema>;

export const OrganizationSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  created_at: z.string().nullish(),
  credit: num.nullish(),
  threshold: num.nullish(),
  total_instances: num.nullish(),
  total_volumes: num.nullish(),
  total_containers: num.nullish(),
  total_clusters: num.nullish(),
  users: z.array(OrganizationMemberSchema).nullish(),
});
export type Organization = z.output<typeof OrganizationSchema>;

export const OrganizationResponse = z.looseObject({ ...envelopeShape, organization: OrganizationSchema });

export const InviteSchema = z.looseObject({
  id: z.number(),
  email: z.string(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Invite = z.output<typeof InviteSchema>;

export const InviteListResponse = z.looseObject({ ...envelopeShape, invites: z.array(InviteSchema) });

export const InviteResponse = z.looseObject({ ...envelopeShape, invite: InviteSchema.nullish() });

export const PolicySchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
  permissions: z
    .array(
      z.looseObject({
        id: z.number().nullish(),
        resource: z.string().nullish(),
        // `<resource>:<action>`
        permission: z.string(),
      }),
    )
    .nullish(),
});
export type Policy = z.output<typeof PolicySchema>;

export const PolicyListResponse = z.looseObject({ ...envelopeShape, policies: z.array(PolicySchema) });
