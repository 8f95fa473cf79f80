import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { UPLOADS_URL_PREFIX } from '#shared/picture.ts';
import { UPLOAD_CACHE } from './picture-names.ts';
import type { PictureFiles } from './picture-store.ts';

/** Pictures as files under `<DATA_DIR>/uploads`: one instance, or several sharing that directory. */
export function diskPictureFiles(dataDir: string): PictureFiles {
  const directory = resolve(dataDir, 'uploads');
  mkdirSync(directory, { recursive: true });
  return {
    async put(name, bytes) {
      await writeFile(join(directory, name), bytes, { flag: 'wx' });
    },
    async remove(name) {
      await rm(join(directory, name), { force: true });
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
