import * as z from 'zod';
import { envelopeShape } from './common.js';

/** GET …/request-console: `url` is the path to request next (it names the console job). */
export const ConsoleRequestResponse = z.looseObject({ ...envelopeShape, url: z.string() });

/** GET …/console/{job_id}: the service nests the URL (`vnc_url: { id, vnc_url }`); a plain string is accepted. */
export const ConsoleUrlResponse = z.looseObject({
  ...envelopeShape,
  vnc_url: z.union([z.string(), z.looseObject({ id: z.number().nullish(), vnc_url: z.string() })]),
});
