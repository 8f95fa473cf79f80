import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** One per browser tab, and one per page the server renders (a visitor's answers never reach another's page). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Asked once even when the browser says it is offline: on the rider's run the service worker answers
        // from what it kept (R-RIDER-OFFLINE); elsewhere the page shows its error at once instead of waiting.
        networkMode: 'offlineFirst',
        // A client error will not fix itself by asking again; a shop out of reach for a moment will (R-OUTAGE),
        // so those are asked again until it answers, at most every 30 s (TanStack's growing delay).
        retry: (failureCount, error) =>
          error instanceof ApiError && error.code === 'service_unavailable'
            ? true
            : !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}
