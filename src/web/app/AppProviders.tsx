import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, use, useEffect, useState } from 'react';
import { whenIdle } from '#web/lib/idle.ts';
import { PagePartContext } from './page-part.ts';

/**
 * Toasts answer what a visitor does, never the first paint: their library loads once the page is idle.
 * They arrive in a slot the server already drew: added beside the page, they would make the page's
 * layout no longer its parent's last child, which restyles every element of the page (R-FIRST-PAINT).
 */
const Toasts = lazy(() => import('./Toasts.tsx').then((module) => ({ default: module.Toasts })));

export function AppProviders({ client, i18n, children }: { client: QueryClient; i18n: I18n; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  // A page's own part rendered apart from its layout has no slot: the layout's has it (decision 162).
  const part = use(PagePartContext);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        {part === 'content' ? null : (
          <div>
            {idle ? (
              <Suspense fallback={null}>
                <Toasts />
              </Suspense>
            ) : null}
          </div>
        )}
      </QueryClientProvider>
    </I18nProvider>
  );
}
