/** The image kinds a product picture may be, told apart by their first bytes (the file name and the browser's word prove nothing). */
export type ImageType =
  | { extension: 'jpg'; mime: 'image/jpeg' }
  | { extension: 'png'; mime: 'image/png' }
  | { extension: 'webp'; mime: 'image/webp' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const JPEG = [0xff, 0xd8, 0xff] as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const;
const WEBP = [0x57, 0x45, 0x42, 0x50] as const;

export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, JPEG)) return { extension: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, PNG)) return { extension: 'png', mime: 'image/png' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { extension: 'webp', mime: 'image/webp' };
  return undefined;
}
