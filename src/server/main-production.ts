// The entry point of the production build (dist/server/main.js, `npm run start:prod`): the same server
// as `npm start`, without V8's compile cache, which main.ts keeps in node_modules (decision 85).
import { resolveDrizzleDirectly } from './module-loading.ts';

resolveDrizzleDirectly();
await import('./start.ts');
