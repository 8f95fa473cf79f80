import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ShopTroubleNotice } from '#web/components/ShopTroubleNotice.tsx';
import { signOut, useSignOutJourney } from '#web/features/auth/api/sign-out.ts';
import { useAccessToken } from '#web/features/auth/api/use-access-token.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { Footer } from '#web/features/marketing/components/Footer.tsx';
import { onSessionEnded } from '#web/lib/api-client.ts';
import { Navbar } from './Navbar.tsx';

export function RootLayout() {
  const queryClient = useQueryClient();
  // A session that arrives by redirect (Google sign-in) gets its access token here, like a form sign-in.
  useAccessToken(useViewer().user?.email);
  useSignOutJourney();

  // The rule for a refused My Orders fetch (R-ORDERS), applied to every call: sign out and go home.
  useEffect(
    () =>
      onSessionEnded(() => {
        signOut(queryClient, '/');
      }),
    [queryClient],
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      <Navbar />
      <ShopTroubleNotice />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
