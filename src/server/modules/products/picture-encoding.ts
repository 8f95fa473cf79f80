import { badRequest, HttpError } from '#server/http/errors.ts';
import { PICTURE_WIDTHS } from '#shared/picture.ts';
import { PICTURE_FILE_MESSAGES } from '#shared/product.ts';
import { detectImageType } from './image-type.ts';

/** Larger images are refused before they are decoded: 40 megapixels is beyond any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

/** One stored size of a picture: WebP, `width` pixels wide at most. */
export interface EncodedPicture {
  width: number;
  bytes: Buffer;
}

const refusal = (field: string) => badRequest(PICTURE_FILE_MESSAGES.type, { [field]: PICTURE_FILE_MESSAGES.type });

/**
 * R-UPLOAD: an uploaded picture is decoded and encoded anew, so nothing of the file itself is kept:
 * no metadata (location, camera), no bytes after the image (a PNG+HTML polyglot loses its HTML), and
 * what does not decode as a JPEG, PNG or WebP image is refused. One WebP per width of `widths` (the
 * shop's PICTURE_WIDTHS unless told), never enlarged, turned upright from its EXIF orientation. A refusal
 * names `field`, the form field it came in.
 */
export async function encodePicture(
  image: Buffer,
  field: string,
  widths: readonly number[] = PICTURE_WIDTHS,
): Promise<EncodedPicture[]> {
  if (!detectImageType(image)) throw refusal(field);
  // libvips is loaded with the first upload: a shop that never uploads does not carry its 25 MB.
  const { default: sharp } = await import('sharp');
  const decode = () => sharp(image, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  try {
    const { format } = await decode().metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw refusal(field);
    return await Promise.all(
      widths.map(async (width) => ({
        width,
        bytes: await decode().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refusal(field);
  }
}
