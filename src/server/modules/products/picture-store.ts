import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '#server/config.ts';
import { diskPictureFiles } from './disk-picture-store.ts';
import { encodePicture } from './picture-encoding.ts';
import { namePicture, pictureFilesOf } from './picture-names.ts';

/**
 * Public file of the products module: the store of uploaded pictures, products' and reviewers' photos
 * alike (R-UPLOAD); the app opens it once and hands it to the product and review routes (docs/decisions/0049).
 */

/** Where picture files are kept, served at `/uploads/<name>` whichever it is: a folder or a bucket. */
export interface PictureFiles {
  /** Stores a new WebP file under a name never used before. */
  put(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
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
