/**
 * R-UPLOAD: an uploaded picture is kept as WebP in these widths. Its address (`picture`, `reviewPhoto`)
 * names the widest, `/uploads/<id>.webp`; each narrower one sits beside it as `/uploads/<id>-<width>w.webp`,
 * which is what a page's `srcset` lists.
 */
export const PICTURE_WIDTHS = [400, 800] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** Where the server serves uploaded pictures: the web app builds their sizes' addresses, the server their headers (R-UPLOAD). */
export const UPLOADS_URL_PREFIX = '/uploads/';

const WIDEST = Math.max(...PICTURE_WIDTHS);

/** The file name of one size of the uploaded picture `id`. */
export function pictureSizeName(id: string, width: number): string {
  return width === WIDEST ? `${id}.webp` : `${id}-${width}w.webp`;
}

const UPLOADED_PICTURE = /^\/uploads\/([0-9a-f-]{36})\.webp$/;

/** The `srcset` of an uploaded picture's address, or undefined for any other picture. */
export function pictureSrcSet(url: string): string | undefined {
  const id = UPLOADED_PICTURE.exec(url)?.[1];
  return id && PICTURE_WIDTHS.map((width) => `${UPLOADS_URL_PREFIX}${pictureSizeName(id, width)} ${width}w`).join(', ');
}

/** The id of an uploaded picture's address (every size of it shares the id), or undefined. */
export function uploadedPictureId(url: string): string | undefined {
  return UPLOADED_PICTURE.exec(url)?.[1];
}
