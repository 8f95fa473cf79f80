import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { UPLOADS_URL_PREFIX } from '#shared/picture.ts';
import { isPictureName, UPLOAD_CACHE } from './picture-names.ts';
import type { PictureFiles, StoredFiles } from './picture-store.ts';

/** Files under `<DATA_DIR>/<folder>`: one instance, or several sharing that directory. */
export function diskFiles(dataDir: string, folder: string): StoredFiles & { directory: string } {
  const directory = resolve(dataDir, folder);
  mkdirSync(directory, { recursive: true });
  return {
    directory,
    async put(name, bytes) {
      await writeFile(join(directory, name), bytes, { flag: 'wx' });
    },
    async read(name) {
      if (!isPictureName(name)) return undefined;
      return readFile(join(directory, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async remove(name) {
      await rm(join(directory, name), { force: true });
    },
  };
}

/** Pictures as files under `<DATA_DIR>/uploads`, served at /uploads/. */
export function diskPictureFiles(dataDir: string): PictureFiles {
  const { directory, ...files } = diskFiles(dataDir, 'uploads');
  return {
    ...files,
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
