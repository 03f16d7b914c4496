import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import { ImageDetailResponse } from '../schemas/core-extras.js';
import { ackMessage, type CallOptions, read, write } from './shared.js';

/** One image, deleting one (the organisation's own, made of snapshots), and whether an image name is free. */
export function imageEndpoints(t: Transport) {
  return {
    get: (id: number, o?: CallOptions) =>
      read(t, `/core/images/${seg(id)}`, ImageDetailResponse, o).then((r) => r.image),

    delete: (id: number, o?: CallOptions) =>
      write(t, 'DELETE', `/core/images/${seg(id)}`, AckResponse, undefined, o).then(ackMessage),

    /** Whether no image of the organisation has this name (note the singular `image` in the path). */
    nameAvailable: (name: string, o?: CallOptions) =>
      read(t, `/core/image/name-availability/${seg(name)}`, NameAvailableResponse, o).then((r) => ({
        available: r.available,
        message: r.message ?? '',
      })),
  };
}
