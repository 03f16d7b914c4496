import * as z from 'zod';
import { decodeJsonText, envelopeShape, num, paginationShape } from './common.js';
import { eventShape } from './events.js';

/**
 * The spec describes these as objects; the OpenAPI document types them as strings, which carry the object
 * JSON-encoded. A JSON-encoded object is decoded, so callers get the object the spec lists; any other string
 * (e.g. a bare name) is kept as sent.
 */
const objectOrText = z
  .preprocess(
    (v) => {
      const d = decodeJsonText(v);
      return d !== null && typeof d === 'object' && !Array.isArray(d) ? d : v;
    },
    z.union([z.string(), z.looseObject({})]),
  )
  .nullish();

/** An array of strings (spec); the OpenAPI detail types it as a string, decoded when it holds a JSON array. */
const labelsField = z
  .preprocess(
    (v) => {
      const d = decodeJsonText(v);
      return Array.isArray(d) && d.every((x) => typeof x === 'string') ? d : v;
    },
    z.union([z.array(z.string()), z.string()]),
  )
  .nullish();

/** The image made of a snapshot: an object at the real service (an image of type "Snapshot"). */
export const SnapshotImageSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string().nullish(),
  region_name: z.string().nullish(),
  type: z.string().nullish(),
  version: z.string().nullish(),
  size: num.nullish(),
  description: z.string().nullish(),
  is_public: z.boolean().nullish(),
  created_at: z.string().nullish(),
  labels: z.array(z.string()).nullish(),
});
export type SnapshotImage = z.output<typeof SnapshotImageSchema>;

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
  // an array in lists, a string in the detail response of the OpenAPI document (decoded when it is JSON)
  labels: labelsField,
  has_floating_ip: z.boolean().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  vm_name: z.string().nullish(),
  vm_status: z.string().nullish(),
  vm_environment: objectOrText,
  vm_flavor: objectOrText,
  vm_image: objectOrText,
  vm_keypair: objectOrText,
  // the image made of it; the OpenAPI document's example has a bare string, kept as sent
  custom_image: z.union([SnapshotImageSchema, z.string()]).nullish(),
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

/**
 * One event of a snapshot's history. The OpenAPI document gives List_Snapshot_Events no body schema: every field is
 * optional, the VM events' names (time, type, reason, message).
 */
export const SnapshotEventSchema = z.looseObject({ ...eventShape, snapshot_id: z.number().nullish() });
export type SnapshotEvent = z.output<typeof SnapshotEventSchema>;

/** The events under `snapshot_events` (the simulator's name), else `events`, else none: the shape is undocumented. */
export const SnapshotEventsResponse = z.looseObject({
  ...envelopeShape,
  snapshot_events: z.array(SnapshotEventSchema).nullish(),
  events: z.array(SnapshotEventSchema).nullish(),
});

/** POST /core/snapshots/{id}/image (CreateImagePayload). */
export interface SnapshotImageInput {
  name: string;
  labels?: string[];
}

/** The answer of Create_custom_image: the new image's id. */
export const SnapshotImageResponse = z.looseObject({ ...envelopeShape, id: z.number().nullish() });

export interface SnapshotRestoreInput {
  new_vm_name: string;
  contract_id?: number;
}
