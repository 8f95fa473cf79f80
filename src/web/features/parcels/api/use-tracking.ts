import { useMutation, useQuery } from '@tanstack/react-query';
import type { Tracking } from '#shared/tracking.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The API call behind a tracking page; the server renders /track/{code} with the same (page-head.ts). */
export const trackingApiPath = (trackingCode: string) => `/api/track/${encodeURIComponent(trackingCode)}`;

/** GET /api/track/{code}: where the parcel is and every step so far (R-TRACKING), for anyone with the code. */
export function useTracking(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.tracking(trackingCode),
    queryFn: ({ signal }) => apiRequest<Tracking>(trackingApiPath(trackingCode), { authenticated: false, signal }),
    // An unknown code the server rendered the page with stays as it is, instead of a spinner while it is asked again.
    retryOnMount: false,
    retry: false,
  });
}

/** POST /api/track/lookup: a parcel's code from its merchant's invoice number and its recipient's phone. */
export function useInvoiceLookup() {
  return useMutation({
    mutationFn: (lookup: { invoice: string; phone: string }) =>
      apiRequest<{ trackingCode: string }>('/api/track/lookup', { method: 'POST', body: lookup, authenticated: false }),
  });
}
