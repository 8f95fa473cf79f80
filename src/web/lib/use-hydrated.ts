import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates its HTML, true from then on (at once in a page the
 * browser draws itself). Hydration keeps the server's attributes, so a part that would render
 * differently in the browser (a button enabled once the session is known) must first render as the
 * server did, then change.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
