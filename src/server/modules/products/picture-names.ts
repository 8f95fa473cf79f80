import { randomUUID } from 'node:crypto';
import { PICTURE_WIDTHS, pictureSizeName, UPLOADS_URL_PREFIX, uploadedPictureId } from '#shared/picture.ts';
import type { EncodedPicture } from './picture-encoding.ts';

/** Uploaded pictures have unique names and never change, so browsers may keep them for a year. */
export const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

/**
 * The names the server gives pictures (R-UPLOAD: `<id>.webp` and `<id>-<width>w.webp`; JPEG and PNG
 * names from before re-encoding stay valid); a request for any other name is a 404 without a look.
 */
const PICTURE_NAME = /^[0-9a-f-]{36}(-\d+w)?\.(jpg|png|webp)$/;

/** A new picture's file names of our own making, one per size; the widest one's address is the picture's. */
export function namePicture(sizes: EncodedPicture[]): { url: string; files: { name: string; bytes: Buffer }[] } {
  const id = randomUUID();
  return {
    url: `${UPLOADS_URL_PREFIX}${pictureSizeName(id, Math.max(...PICTURE_WIDTHS))}`,
    files: sizes.map(({ width, bytes }) => ({ name: pictureSizeName(id, width), bytes })),
  };
}

/** Every file name behind one of our picture addresses (all its sizes), or none for any other address. */
export function pictureFilesOf(url: string): string[] {
  const id = uploadedPictureId(url);
  if (id) return PICTURE_WIDTHS.map((width) => pictureSizeName(id, width));
  const name = pictureNameOf(url);
  return name ? [name] : [];
}

export function isPictureName(name: string): boolean {
  return PICTURE_NAME.test(name);
}

/** The name behind one of our picture addresses, or undefined for any other address. */
export function pictureNameOf(url: string): string | undefined {
  const name = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : '';
  return isPictureName(name) ? name : undefined;
}
