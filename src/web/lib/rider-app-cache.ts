/** The cache the rider app's service worker (public/rider-sw.js) keeps the run page in: the same name there. */
export const RIDER_APP_CACHE = 'rider-app-v1';

/**
 * Signing out forgets the answers the rider app kept for opening offline (the session, the run's
 * recipients): the next person on a shared phone opens nothing of them (R-RIDER-OFFLINE).
 */
export async function forgetRiderAppAnswers(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(RIDER_APP_CACHE).catch(() => false);
}
