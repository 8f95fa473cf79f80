import { i18n } from '@lingui/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale, localePrefix } from '#shared/locale.ts';
import { loadPageCatalogue } from '../lib/catalogue.ts';
import { adoptPageState } from '../lib/page-state.ts';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The page's language, which the server wrote into `<html lang>` (R-LANGUAGES). */
const pageLanguage = document.documentElement.lang;
const locale = isLocale(pageLanguage) ? pageLanguage : DEFAULT_LOCALE;
/** Bangla pages live under /bn: the router reads their addresses without it, so every link keeps the language. */
const basename = localePrefix(locale) || undefined;

/**
 * The code of the page the server rendered is loaded before hydrating, so the first render in the
 * browser is that page (React Router's advice for lazy routes with server rendering), not a spinner.
 */
async function loadCurrentPage(): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location, basename)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
}

/**
 * Not a top-level await: this module shares its file with the app's shared modules, which the route
 * modules import, so awaiting a route module while this file evaluates would wait on itself.
 */
async function start(container: HTMLElement): Promise<void> {
  const client = createQueryClient();
  // The browser shows one language per page load, so Lingui's shared instance is the page's: active
  // before the page's code loads, which may add a catalogue of its own (the blog's).
  i18n.loadAndActivate({ locale, messages: await loadPageCatalogue(locale) });
  await Promise.all([adoptPageState(client), loadCurrentPage()]);
  // A page the server did not render (no renderer built, or it failed) has only a placeholder comment.
  const serverRendered = container.firstElementChild !== null;
  // Hydration data is React Router's mark of a server-rendered page: without it the router scrolls to
  // the top as it starts, under a visitor who has already scrolled the painted page (R-EARLY-INPUT).
  const router = createBrowserRouter(routes, serverRendered ? { basename, hydrationData: {} } : { basename });
  const app = (
    <StrictMode>
      <AppProviders client={client} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (R-FIRST-PAINT): taps and scrolls on the painted page are not kept waiting.
  if (serverRendered)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

void start(root);
