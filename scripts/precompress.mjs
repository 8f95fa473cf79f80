// Run by `npm run build` after Vite: writes a brotli (.br) and a gzip (.gz) copy of every text file
// in dist/web at the strongest levels, once, so the server sends them as they are (@fastify/static's
// preCompressed) instead of compressing scripts and styles again for every browser (R-COMPRESS).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'dist/web';
const TEXT = /\.(?:js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression saves less than its headers cost (the threshold the server uses on the fly). */
const MIN_BYTES = 1024;

function* files(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(ROOT)) {
  // index.html is the template the server renders pages into; it is never sent as it is.
  if (!TEXT.test(path) || path.includes('/.vite/')) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompress: brotli and gzip copies of ${count} files in ${ROOT}`);
