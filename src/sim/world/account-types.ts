/**
 * The simulator's records of the account-wide resources of issue 25: API keys, RBAC roles and permissions, object
 * storage (buckets, access keys), auto top-up and vouchers. Routes turn them into the service's shapes.
 */

export interface ApiKeyRecord {
  id: number;
  name: string;
  description: string;
  /** The whole key: sent once, by Generate_API_Key; lists show it masked. */
  key: string;
  createdAt: number;
}

/** One permission of the service's catalogue (List_Permissions). */
export interface PermissionRecord {
  id: number;
  resource: string;
  /** `resource:action`, as the policies name them. */
  permission: string;
  method: string;
  endpoint: string;
  createdAt: number;
}

export interface RoleRecord {
  id: number;
  name: string;
  description: string;
  permissionIds: number[];
  policyIds: number[];
  createdAt: number;
}

/** Object storage has one region in the document's enum (object_storage__RegionsEnum). */
export type StorageRegion = 'CANADA-1';

/**
 * A bucket. Buckets are made with S3 clients, not this API: what they hold grows on the clock (`bytesPerHour`,
 * `objectsPerHour` from `createdAt`), as a backup target does.
 */
export interface BucketRecord {
  id: number;
  name: string;
  region: StorageRegion;
  createdAt: number;
  baseBytes: number;
  baseObjects: number;
  bytesPerHour: number;
  objectsPerHour: number;
}

export interface AccessKeyRecord {
  id: number;
  accessKey: string;
  region: StorageRegion;
  description: string | null;
  userId: number;
  createdAt: number;
}

/** Get_auto_top-up_status's words: active, disabled, pending_setup, cancelled (null: never configured). */
export type AutoTopupStatus = 'active' | 'disabled' | 'pending_setup' | 'cancelled';

export interface AutoTopupRecord {
  id: number;
  status: AutoTopupStatus;
  threshold: number;
  topup: number;
  updatedAt: number;
  /** Bumped by every change: a scheduled step of an older setting is dropped. */
  op: number;
}

export interface VoucherRecord {
  id: number;
  code: string;
  /** Dollars of credit it gives. */
  amount: number;
  status: 'active' | 'expired' | 'redeemed';
  maxRedemptions: number;
  redemptions: number;
  /** Redeemed by this organisation already (a voucher is redeemed once per organisation). */
  redeemedHere: boolean;
}
