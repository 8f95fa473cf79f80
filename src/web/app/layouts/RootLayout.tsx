import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, use, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { announceHydrated, handOverFields } from '#web/early-input.ts';
import { signOutEndedByServer, useSignOutJourney } from '#web/features/auth/api/sign-out.ts';
import { useAccessToken } from '#web/features/auth/api/use-access-token.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { ProductActionContext } from '#web/features/products/product-action.ts';
import { onSessionEnded, shopTrouble } from '#web/lib/api-client.ts';
import { lazyWhenIdle } from '#web/lib/lazy-when-idle.tsx';
import { addToCartAction } from '../cart-action.tsx';
import { PagePartContext } from '../page-part.ts';
import { LanguageOffer } from './LanguageOffer.tsx';
import { Navbar } from './Navbar.tsx';

// Below the fold on every page: in the server's HTML from the start, its code (and the newsletter form's) loads when the browser is idle.
const Footer = lazyWhenIdle(() => import('#web/features/marketing/components/Footer.tsx').then((module) => module.Footer));

/** R-OUTAGE: the notice's code loads only once the shop says it is in trouble, not with every page. */
const ShopTroubleNotice = lazy(async () => ({
  default: (await import('#web/components/ShopTroubleNotice.tsx')).ShopTroubleNotice,
}));

export function RootLayout() {
  // The server may render the page's own part apart from the layout, and join them (decision 162).
  return use(PagePartContext) === 'content' ? <PageContent /> : <WholeLayout />;
}

function PageContent() {
  return (
    // Every product card and page offers Add to cart (R-CART).
    <ProductActionContext value={addToCartAction}>
      <Outlet />
    </ProductActionContext>
  );
}

function WholeLayout() {
  const troubled = useSyncExternalStore(shopTrouble.subscribe, shopTrouble.now, () => false);
  const queryClient = useQueryClient();
  const viewer = useViewer();
  // A session that arrives by redirect (Google sign-in) gets its access token here, like a form sign-in.
  useAccessToken(viewer.user?.email);
  useSignOutJourney();
  // What was typed before hydration goes to React at the page's first commit (this layout's effects run
  // after the page's), before anything re-renders the fields (R-EARLY-INPUT).
  useEffect(() => handOverFields(document), []);
  // Once the session check has answered, the held taps are replayed, so a visitor's Order Now leads to
  // login, as it does later.
  useEffect(() => {
    if (!viewer.isPending) announceHydrated();
  }, [viewer.isPending]);

  // A refused call (R-ORDERS, applied to every call) signs out and says so on the login page (issue 26).
  useEffect(
    () =>
      onSessionEnded(() => {
        signOutEndedByServer(queryClient);
      }),
    [queryClient],
  );

  const part = use(PagePartContext);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        <Trans>Skip to content</Trans>
      </a>
      <Navbar />
      {troubled && (
        <Suspense fallback={null}>
          <ShopTroubleNotice />
        </Suspense>
      )}
      <main id="main" className="flex-1">
        {part === 'layout' ? <template data-page-content="" /> : <PageContent />}
      </main>
      <Footer />
      <LanguageOffer />
      <ScrollRestoration />
    </div>
  );
}
