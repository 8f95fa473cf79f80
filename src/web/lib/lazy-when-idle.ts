import { type ComponentType, lazy } from 'react';
import { whenIdle } from './idle.ts';

/**
 * A component whose code loads once the browser is idle. In a server-rendered page its HTML is on
 * screen from the start and React hydrates it when the code arrives (selective hydration), so the
 * parts below the fold never hold up the first paint. The server renders it at once.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    if (typeof window !== 'undefined') await new Promise<void>((resolve) => whenIdle(resolve));
    return { default: await load() };
  });
}
