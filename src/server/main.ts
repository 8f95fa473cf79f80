// The entry point of `npm start`. Everything else is imported only after module loading is sped up.
import { speedUpModuleLoading } from './module-loading.ts';

speedUpModuleLoading();
await import('./start.ts');
