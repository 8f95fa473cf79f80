import { randomUUID } from 'node:crypto';
import { badRequest } from '#server/http/errors.ts';
import { PICTURE_FILE_FIELD, PICTURE_FILE_MESSAGES } from '#shared/product.ts';
import { detectImageType, type ImageType } from './image-type.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Uploaded pictures have unique names and never change, so browsers may keep them for a year. */
export const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

/** The names the server gives pictures; a request for any other name is a 404 without a look. */
const PICTURE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** A new picture's name of our own making, from what its bytes say it is (its file name proves nothing). */
export function namePicture(image: Buffer): { name: string; type: ImageType } {
  const type = detectImageType(image);
  if (!type) throw badRequest(PICTURE_FILE_MESSAGES.type, { [PICTURE_FILE_FIELD]: PICTURE_FILE_MESSAGES.type });
  return { name: `${randomUUID()}.${type.extension}`, type };
}

export function isPictureName(name: string): boolean {
  return PICTURE_NAME.test(name);
}

/** The name behind one of our picture addresses, or undefined for any other address. */
export function pictureNameOf(url: string): string | undefined {
  const name = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : '';
  return isPictureName(name) ? name : undefined;
}
