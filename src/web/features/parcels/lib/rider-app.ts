import { useEffect } from 'react';
import { type Locale, pathInLocale } from '#shared/locale.ts';
import { accessTokenEmail, readAccessToken } from '#web/lib/access-token.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { RIDER_APP_CACHE } from '#web/lib/rider-app-cache.ts';

/** How long after the run page opens its worker is installed: after a cheap phone has drawn the run. */
const INSTALL_AFTER_MS = 3_000;

/** The run page's address in a language: the service worker's scope and the installed app's start. */
export const runPagePath = (language: Locale) => pathInLocale(language, '/dashboard/run');

/** The files this page loaded from the site itself (its scripts, styles, fonts, the logo), for the worker to keep. */
const loadedFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'))
    .map((url) => url.pathname);

/** Once the worker controls the page: the page has taken it over when it was registered on this visit. */
const controlled = (): Promise<void> =>
  navigator.serviceWorker.controller
    ? Promise.resolve()
    : new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));

/**
 * The answers the run page opens with, asked once through the worker so that it keeps them: who is
 * signed in, their role, and the run. On the first visit the page asked for them before the worker was
 * there to keep them.
 */
async function keepOpeningAnswers(): Promise<void> {
  const email = accessTokenEmail(readAccessToken() ?? '');
  await Promise.all([
    fetch('/api/auth/get-session', { credentials: 'same-origin' }),
    email ? apiRequest(`/api/admin/${encodeURIComponent(email)}`) : undefined,
    apiRequest('/api/rider/run'),
    apiRequest('/api/rider/code-seal'),
  ]);
}

/**
 * Makes the run page an installable app that opens with no signal (R-RIDER-OFFLINE, decision 176): the
 * hand-kept service worker is registered for this page only; what the page loaded before the worker
 * took it over (the page itself, its files) is put in the worker's cache, and the answers it opens with
 * are asked once through the worker so that it keeps them.
 */
export function useRiderApp(language: Locale): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const install = () =>
      navigator.serviceWorker
        .register('/rider-sw.js', { scope: runPagePath(language) })
        .then(async () => {
          await navigator.serviceWorker.ready;
          await controlled();
          const cache = await caches.open(RIDER_APP_CACHE);
          await cache.addAll([...new Set([runPagePath(language), ...loadedFiles()])]);
          await keepOpeningAnswers();
        })
        // An app that cannot be installed is still the run page, online.
        .catch(() => undefined);
    // Once the page has settled: the worker's start and its copies never compete with the run's first paint.
    const idle = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 1));
    const waiting = window.setTimeout(() => idle(install), INSTALL_AFTER_MS);
    return () => window.clearTimeout(waiting);
  }, [language]);
}
