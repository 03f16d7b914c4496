import * as z from 'zod';
import { envelopeShape } from './common.js';

/** attach-callback and update-callback answer with the URL now attached to the VM. */
export const CallbackResponse = z.looseObject({ ...envelopeShape, url: z.string() });
