// The entry point of `npm start`. Everything else is imported only after module loading is sped up and,
// when traces are wanted, the modules to trace can be wrapped as they load (decision 96).
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
import { resolveDrizzleDirectly } from './module-loading.ts';
import { startTracing } from './tracing/tracing.ts';

// V8 keeps the code it compiled on disk, so the next start skips compiling it again. It is kept in the
// checkout's node_modules, which a production install must not write to: main-production.ts leaves it out.
enableCompileCache(fileURLToPath(new URL('../../node_modules/.cache/storefront-compile', import.meta.url)));
resolveDrizzleDirectly();
await startTracing();
await import('./start.ts');
