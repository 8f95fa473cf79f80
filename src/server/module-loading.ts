import { enableCompileCache, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const COMPILE_CACHE = fileURLToPath(new URL('../../node_modules/.cache/storefront-compile', import.meta.url));
const DRIZZLE = '/node_modules/drizzle-orm/';

/**
 * Loading the server's modules was most of a restart. Two remedies, for `npm start` only:
 * - V8 keeps the code it compiled on disk, so the next start skips compiling it again.
 * - drizzle-orm is hundreds of small files under one 180 KB package.json, which Node parsed once per
 *   file to learn that it is an ES module (a second of CPU, and tens of MB of garbage that stayed in
 *   the heap). Its files import one another by relative path with the extension written, and the
 *   package says `"type": "module"`, so those imports are resolved here without asking.
 */
export function speedUpModuleLoading(): void {
  enableCompileCache(COMPILE_CACHE);
  // Older Node versions the engines range allows lack in-thread hooks; they only start slower.
  if (typeof registerHooks !== 'function') return;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('.') && context.parentURL?.includes(DRIZZLE)) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
