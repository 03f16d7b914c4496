/** One image, deleting an image, and whether an image name is free (/core/images/{id}, /core/image/…). */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { deleteImage, isImageNameFree, requireImageById } from '../world/images.js';
import { idParam, ok } from './body.js';
import { imageJson } from './view-core.js';

export const imageRoutes: RouteDef[] = [
  serve(op.Get_Image, {
    // Image (Get_Image): the image object without the envelope's status
    handle: (req, world) => ({ body: { image: imageJson(requireImageById(world, idParam(req))) } }),
  }),
  serve(op.Delete_image, {
    handle: (req, world) => {
      const image = requireImageById(world, idParam(req));
      deleteImage(world, image);
      return ok(`Image ${image.name} deleted successfully.`);
    },
  }),
  serve(op.Fetch_Image_name_availability, {
    // NameAvailableModel: no envelope status
    handle: (req, world) => {
      const name = req.params.name ?? '';
      const available = isImageNameFree(world, name);
      return {
        body: {
          name,
          available,
          message: available ? `Image name ${name} is available.` : `An image named ${name} already exists.`,
        },
      };
    },
  }),
];
