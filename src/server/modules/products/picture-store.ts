import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '#server/config.ts';
import { diskFiles, diskPictureFiles } from './disk-picture-store.ts';
import { encodePicture } from './picture-encoding.ts';
import { namePicture, pictureFilesOf } from './picture-names.ts';

/**
 * Public file of the products module: the store of uploaded pictures, products' and reviewers' photos
 * alike (R-UPLOAD), which the app opens once and hands to the product and review routes
 * (docs/decisions/0049); and the private photos of handovers (R-PROOF-OF-DELIVERY).
 */

/** Files the server names, in a folder of DATA_DIR or of a bucket. */
export interface StoredFiles {
  /** Stores a new WebP file under a name never used before. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when none has this name. */
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

/** Where picture files are kept, served at `/uploads/<name>` whichever it is: a folder or a bucket. */
export interface PictureFiles extends StoredFiles {
  /** Registers the route that serves the pictures. */
  serve: FastifyPluginAsync;
}

/**
 * Uploaded pictures (products' and reviewers'). Pictures are never removed with their product: orders
 * keep pointing at the picture they were placed with.
 */
export interface PictureStore {
  /**
   * Keeps a JPEG, PNG or WebP image re-encoded in every size (R-UPLOAD) and answers its address;
   * anything else is refused with a 400 naming `field`, the form field it came in.
   */
  save(image: Buffer, field: string): Promise<string>;
  /** Forgets a picture saved for something that then could not be stored. */
  discard(url: string): Promise<void>;
  serve: FastifyPluginAsync;
}

function pictureStoreOver(files: PictureFiles): PictureStore {
  return {
    async save(image, field) {
      const picture = namePicture(await encodePicture(image, field));
      for (const { name, bytes } of picture.files) await files.put(name, bytes);
      return picture.url;
    },
    async discard(url) {
      for (const name of pictureFilesOf(url)) await files.remove(name);
    },
    serve: files.serve,
  };
}

/**
 * DATA_DIR/uploads by default; an S3 bucket when S3_BUCKET is set, so instances share no disk. The S3
 * client loads only then: it is a large module, and start-up time matters to a first `npm start`.
 */
export async function openPictureStore(config: Config): Promise<PictureStore> {
  if (!config.s3) return pictureStoreOver(diskPictureFiles(config.dataDir));
  const { s3PictureFiles } = await import('./s3-picture-store.ts');
  return pictureStoreOver(s3PictureFiles(config.s3));
}

/**
 * Photos only some people may see, such as a parcel's handover (R-PROOF-OF-DELIVERY): re-encoded like
 * product pictures, in one size, and kept out of /uploads; whoever may see one reads it through a route
 * that checks who asks.
 */
export interface PrivatePhotos {
  /** Keeps a JPEG, PNG or WebP photo (anything else is a 400 naming `field`) and answers its name. */
  save(image: Buffer, field: string): Promise<string>;
  read(name: string): Promise<Buffer | undefined>;
  /** Forgets a photo saved for something that then could not be stored. */
  discard(name: string): Promise<void>;
  close(): void;
}

/** Wide enough to read a face, a door number or a parcel's label on a phone's photo. */
const PRIVATE_PHOTO_WIDTH = 1600;

/** `<DATA_DIR>/<folder>`, or the bucket's `<folder>/` when S3_BUCKET is set. */
async function privateFiles(config: Config, folder: string): Promise<{ files: StoredFiles; close(): void }> {
  if (!config.s3) return { files: diskFiles(config.dataDir, folder), close: () => {} };
  const { s3Files } = await import('./s3-picture-store.ts');
  const bucket = s3Files(config.s3, folder);
  return { files: bucket, close: () => bucket.client.destroy() };
}

export async function openPrivatePhotos(config: Config, folder: string): Promise<PrivatePhotos> {
  const { files, close } = await privateFiles(config, folder);
  return {
    async save(image, field) {
      const [photo] = await encodePicture(image, field, [PRIVATE_PHOTO_WIDTH]);
      const name = `${randomUUID()}.webp`;
      if (photo) await files.put(name, photo.bytes);
      return name;
    },
    read: (name) => files.read(name),
    discard: (name) => files.remove(name),
    close,
  };
}
