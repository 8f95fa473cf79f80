// The entry point of the production build (dist/server/main.js, `npm run start:prod`): the same server
// as `npm start`, without V8's compile cache, which main.ts keeps in node_modules (decision 85); traces
// start before the server's first import, as there (decision 96).
import { resolveDrizzleDirectly } from './module-loading.ts';
import { startTracing } from './tracing/tracing.ts';

resolveDrizzleDirectly();
await startTracing();
await import('./start.ts');
