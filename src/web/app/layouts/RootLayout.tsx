import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { signOut } from '#web/features/auth/api/sign-out.ts';
import { useAccessToken } from '#web/features/auth/api/use-access-token.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { Footer } from '#web/features/marketing/components/Footer.tsx';
import { onSessionEnded } from '#web/lib/api-client.ts';
import { Navbar } from './Navbar.tsx';

export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A session that arrives by redirect (Google sign-in) gets its access token here, like a form sign-in.
  useAccessToken(useViewer().user?.email);

  // The spec's rule for a refused My Orders fetch, applied to every call: sign out and go home.
  useEffect(
    () =>
      onSessionEnded(() => {
        signOut(queryClient).then(() => navigate('/', { replace: true }));
      }),
    [navigate, queryClient],
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
