import { useEffect } from 'react';
import { type Locale, pathInLocale } from '#shared/locale.ts';
import { accessTokenEmail, readAccessToken } from '#web/lib/access-token.ts';
import { adminStatusPath } from '#web/lib/admin-status.ts';
import { CODE_SEAL_PATH } from '../api/use-rider-outbox.ts';
import { RIDER_RUN_PATH } from '../api/use-rider-run.ts';

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
 * The answers the run page opens with, for the worker to keep: who is signed in, their role, the run and
 * the key codes are sealed with. On the first visit the page asked for them before the worker was there.
 */
function openingAnswers(email: string | undefined): string[] {
  return ['/api/auth/get-session', ...(email ? [adminStatusPath(email)] : []), RIDER_RUN_PATH, CODE_SEAL_PATH];
}

/**
 * Makes the run page an installable app that opens with no signal (R-RIDER-OFFLINE, decision 176): the
 * hand-kept service worker is registered for this page only; what the page loaded before the worker
 * took it over (the page itself, its files) and the answers it opens with are named to the worker, which
 * fetches and keeps them. `openedLater` loads the code the page loads only when asked (the outcome forms,
 * decision 186): it is loaded here, once the worker is there, so that it too is kept for a card opened offline.
 */
export function useRiderApp(language: Locale, openedLater: () => Promise<unknown>): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const install = () =>
      navigator.serviceWorker
        .register('/rider-sw.js', { scope: runPagePath(language) })
        .then(async () => {
          await navigator.serviceWorker.ready;
          await controlled();
          await openedLater();
          // The worker fetches and keeps them on its own thread: copying them here stalled a cheap phone's page.
          const token = readAccessToken();
          navigator.serviceWorker.controller?.postMessage({
            type: 'keep',
            files: [...new Set([runPagePath(language), ...loadedFiles()])],
            answers: openingAnswers(accessTokenEmail(token ?? '')),
            token,
          });
        })
        // An app that cannot be installed is still the run page, online.
        .catch(() => undefined);
    // Once the page has settled: the worker's start and its copies never compete with the run's first paint.
    const idle = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 1));
    const waiting = window.setTimeout(() => idle(install), INSTALL_AFTER_MS);
    return () => window.clearTimeout(waiting);
  }, [language, openedLater]);
}
