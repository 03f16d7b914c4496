import * as z from 'zod';
import { envelopeShape } from './common.js';

/**
 * The fields of one entry of an event history, the same for VMs, clusters and snapshots (the OpenAPI's event
 * models; each adds the id of what it belongs to). Every one optional: the spec does not show them.
 */
export const eventShape = {
  id: z.number().nullish(),
  user_id: z.number().nullish(),
  org_id: z.number().nullish(),
  time: z.string().nullish(),
  type: z.string().nullish(),
  reason: z.string().nullish(),
  object: z.string().nullish(),
  message: z.string().nullish(),
};

/** One entry of a VM's event history. */
export const VmEventSchema = z.looseObject({ ...eventShape, instance_id: z.number().nullish() });
export type VmEvent = z.output<typeof VmEventSchema>;

export const VmEventsResponse = z.looseObject({ ...envelopeShape, instance_events: z.array(VmEventSchema) });
