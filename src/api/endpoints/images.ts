import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import { ImageDetailResponse } from '../schemas/core-extras.js';
import { ackMessage, availability, type CallOptions } from './shared.js';

/** One image, deleting one (the organisation's own, made of snapshots), and whether an image name is free. */
export function imageEndpoints(t: Transport) {
  return {
    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_Image, o, { params: { id }, schema: ImageDetailResponse }).then((r) => r.image),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_image, o, { params: { id }, schema: AckResponse }).then(ackMessage),

    /** Whether no image of the organisation has this name (note the singular `image` in the path). */
    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_Image_name_availability, o, { params: { name }, schema: NameAvailableResponse }).then(
        availability,
      ),
  };
}
