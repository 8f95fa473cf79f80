import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { badRequest } from '#server/http/errors.ts';
import { PICTURE_FILE_FIELD, PICTURE_FILE_MESSAGES } from '#shared/product.ts';
import { detectImageType } from './image-type.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Uploaded product pictures, kept as files under `<DATA_DIR>/uploads` with names of our own making.
 * They are never removed with their product: orders keep pointing at the picture they were placed with.
 */
export class PictureStore {
  readonly directory: string;

  constructor(dataDir: string) {
    this.directory = resolve(dataDir, 'uploads');
    mkdirSync(this.directory, { recursive: true });
  }

  /** Keeps a JPEG, PNG or WebP image and answers the address it is served at; anything else is refused. */
  async save(image: Buffer): Promise<string> {
    const type = detectImageType(image);
    if (!type) throw badRequest(PICTURE_FILE_MESSAGES.type, { [PICTURE_FILE_FIELD]: PICTURE_FILE_MESSAGES.type });
    const name = `${randomUUID()}.${type.extension}`;
    await writeFile(join(this.directory, name), image, { flag: 'wx' });
    return `${UPLOADS_URL_PREFIX}${name}`;
  }

  /** Forgets a picture saved for a product that then could not be stored. */
  async discard(url: string): Promise<void> {
    if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
    await rm(join(this.directory, url.slice(UPLOADS_URL_PREFIX.length)), { force: true });
  }
}
