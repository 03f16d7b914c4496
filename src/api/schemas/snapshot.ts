import { z } from 'zod';
import { envelopeShape, num, paginationShape } from './common.js';

/** The spec describes these as objects; the OpenAPI document as strings. Either is kept as sent. */
const objectOrText = z.union([z.string(), z.looseObject({})]).nullish();

export const SnapshotSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  description: z.string().nullish(),
  vm_id: z.number().nullish(),
  size: num.nullish(),
  region_id: z.number().nullish(),
  region: z.string().nullish(),
  is_image: z.boolean().nullish(),
  // an array in lists, a string in the detail response of the OpenAPI document
  labels: z.union([z.array(z.string()), z.string()]).nullish(),
  has_floating_ip: z.boolean().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  vm_name: z.string().nullish(),
  vm_status: z.string().nullish(),
  vm_environment: objectOrText,
  vm_flavor: objectOrText,
  vm_image: objectOrText,
  vm_keypair: objectOrText,
});
export type Snapshot = z.output<typeof SnapshotSchema>;

export const SnapshotListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  snapshots: z.array(SnapshotSchema),
});

export const SnapshotResponse = z.looseObject({ ...envelopeShape, snapshot: SnapshotSchema });

export interface SnapshotCreateInput {
  name: string;
  description: string;
  labels?: string[];
}

export interface SnapshotRestoreInput {
  new_vm_name: string;
  contract_id?: number;
}
