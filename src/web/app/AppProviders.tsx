import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { announceHydrated } from '#web/early-input.ts';
import { useSession } from '#web/features/auth/api/use-session.ts';
import { whenIdle } from '#web/lib/idle.ts';

// Toasts answer what a visitor does, never the first paint: their library loads once the page is idle.
const Toasts = lazy(() => import('./Toasts.tsx').then((module) => ({ default: module.Toasts })));

/**
 * The taps and typing held since the first paint are handed over once the page is hydrated and knows
 * who is looking (R-EARLY-INPUT): a visitor's Order Now then leads to login, as it does later.
 */
function HandOverEarlyInput() {
  const session = useSession();
  useEffect(() => {
    if (!session.isPending) announceHydrated();
  }, [session.isPending]);
  return null;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <QueryClientProvider client={client}>
      {children}
      <HandOverEarlyInput />
      {idle ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
