import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { namePicture, pictureNameOf, UPLOAD_CACHE, UPLOADS_URL_PREFIX } from './picture-names.ts';
import type { PictureStore } from './picture-store.ts';

/** Pictures as files under `<DATA_DIR>/uploads`: one instance, or several sharing that directory. */
export function diskPictureStore(dataDir: string): PictureStore {
  const directory = resolve(dataDir, 'uploads');
  mkdirSync(directory, { recursive: true });
  return {
    async save(image) {
      const { name } = namePicture(image);
      await writeFile(join(directory, name), image, { flag: 'wx' });
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    async discard(url) {
      const name = pictureNameOf(url);
      if (name) await rm(join(directory, name), { force: true });
    },
    async serve(app) {
      await app.register(fastifyStatic, {
        root: directory,
        prefix: UPLOADS_URL_PREFIX,
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders(response) {
          response.header('cache-control', UPLOAD_CACHE);
          response.header('x-content-type-options', 'nosniff');
        },
      });
    },
  };
}
