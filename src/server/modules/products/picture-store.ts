import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '#server/config.ts';
import { diskPictureStore } from './disk-picture-store.ts';

/**
 * Where uploaded product pictures are kept, served at `/uploads/<name>` whichever it is. Pictures are
 * never removed with their product: orders keep pointing at the picture they were placed with.
 */
export interface PictureStore {
  /** Keeps a JPEG, PNG or WebP image and answers the address it is served at; anything else is refused. */
  save(image: Buffer): Promise<string>;
  /** Forgets a picture saved for a product that then could not be stored. */
  discard(url: string): Promise<void>;
  /** Registers the route that serves the pictures. */
  serve: FastifyPluginAsync;
}

/**
 * DATA_DIR/uploads by default; an S3 bucket when S3_BUCKET is set, so instances share no disk. The S3
 * client loads only then: it is a large module, and start-up time matters to a first `npm start`.
 */
export async function openPictureStore(config: Config): Promise<PictureStore> {
  if (!config.s3) return diskPictureStore(config.dataDir);
  const { s3PictureStore } = await import('./s3-picture-store.ts');
  return s3PictureStore(config.s3);
}
