/**
 * One image (Get_Image), deleting an image (Delete_image) and whether an image name is free. Only the
 * organisation's own images (made of snapshots, `is_public: false`) can be deleted; the catalogue's public images
 * belong to the provider.
 */
import type { ImageDef } from '../catalog.js';
import type { World } from '../world.js';
import { invalid, notFound } from './errors.js';

export function requireImageById(world: World, id: number): ImageDef {
  const i = world.images.find((x) => x.id === id);
  if (!i) throw notFound(`Image with id ${id} not found.`);
  return i;
}

/** Deletes a private image; the snapshot it was made of no longer names it. */
export function deleteImage(world: World, image: ImageDef): void {
  if (image.isPublic)
    throw invalid(`Image ${image.name} is a public image of the catalogue: it cannot be deleted.`);
  world.images.splice(world.images.indexOf(image), 1);
  for (const s of world.snapshots.values()) if (s.customImageId === image.id) s.customImageId = null;
}

/** Whether no private image of the organisation is named `name` (in any region). */
export function isImageNameFree(world: World, name: string): boolean {
  return !world.images.some((i) => !i.isPublic && i.name === name);
}
