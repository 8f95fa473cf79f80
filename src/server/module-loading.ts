import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

/**
 * drizzle-orm is hundreds of small files under one 180 KB package.json, which Node parsed once per
 * file to learn that it is an ES module (a second of CPU, and tens of MB of garbage that stayed in
 * the heap). Its files import one another by relative path with the extension written, and the
 * package says `"type": "module"`, so those imports are resolved here without asking. It must run
 * before anything imports drizzle-orm, so both entry points import the server only after it.
 */
export function resolveDrizzleDirectly(): void {
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
