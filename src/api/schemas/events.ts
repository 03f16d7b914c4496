import { z } from 'zod';
import { envelopeShape } from './common.js';

/** One entry of a VM's event history (fields from the OpenAPI document; the spec does not show them). */
export const VmEventSchema = z.looseObject({
  id: z.number().nullish(),
  instance_id: z.number().nullish(),
  user_id: z.number().nullish(),
  org_id: z.number().nullish(),
  time: z.string().nullish(),
  type: z.string().nullish(),
  reason: z.string().nullish(),
  object: z.string().nullish(),
  message: z.string().nullish(),
});
export type VmEvent = z.output<typeof VmEventSchema>;

export const VmEventsResponse = z.looseObject({ ...envelopeShape, instance_events: z.array(VmEventSchema) });
