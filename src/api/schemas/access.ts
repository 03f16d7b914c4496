/**
 * API keys and RBAC (roles, permissions). A listed API key's `key` is never kept: the endpoints hand on the other
 * fields only, so no list, store slice or raw view holds it (the whole key is the generate call's answer, once).
 */
import * as z from 'zod';
import { envelopeShape } from './common.js';

export const ApiKeySchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  key: z.string().nullish(),
  created_at: z.string().nullish(),
});

/** An API key as the app keeps it: without its key. */
export interface ApiKey {
  id: number;
  name: string;
  description: string | null;
  created_at: string | null;
}

export const ApiKeyListResponse = z.looseObject({ ...envelopeShape, api_keys: z.array(ApiKeySchema) });
export const ApiKeyResponse = z.looseObject({ ...envelopeShape, api_key: ApiKeySchema });

/** GenerateUpdateApiKeyPayload. */
export interface ApiKeyInput {
  name: string;
  description?: string;
}

export const PermissionSchema = z.looseObject({
  id: z.number(),
  permission: z.string(),
  resource: z.string().nullish(),
  method: z.string().nullish(),
  endpoint: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Permission = z.output<typeof PermissionSchema>;

export const PermissionListResponse = z.looseObject({
  ...envelopeShape,
  permissions: z.array(PermissionSchema),
});

const RolePermissionSchema = z.looseObject({
  id: z.number().nullish(),
  permission: z.string(),
  resource: z.string().nullish(),
});

export const RoleSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
  permissions: z.array(RolePermissionSchema).nullish(),
  policies: z
    .array(z.looseObject({ id: z.number(), name: z.string().nullish(), description: z.string().nullish() }))
    .nullish(),
});
export type Role = z.output<typeof RoleSchema>;

export const RoleListResponse = z.looseObject({ ...envelopeShape, roles: z.array(RoleSchema) });
/** Create, update and assign answer `role`; the detail (RbacRoleDetailResponseModelFixed) answers `roles`. */
export const RoleResponse = z.looseObject({
  ...envelopeShape,
  role: RoleSchema.nullish(),
  roles: RoleSchema.nullish(),
});

export const UserPermissionListResponse = z.looseObject({
  ...envelopeShape,
  permissions: z.array(RolePermissionSchema),
});
export type UserPermission = z.output<typeof RolePermissionSchema>;

/** CreateUpdateRbacRolePayload. */
export interface RoleInput {
  name: string;
  description: string;
  permissions: number[];
  policies: number[];
}
