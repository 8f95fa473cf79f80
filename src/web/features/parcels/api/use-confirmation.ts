import { useQuery } from '@tanstack/react-query';
import type { ConfirmationView } from '#shared/recipient-confirmation.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The API call behind a recipient's confirmation page; the server renders /c/{token} with the same (page-head.ts). */
export const confirmationApiPath = (token: string) => `/api/confirmations/${encodeURIComponent(token)}`;

/** GET /api/confirmations/{token}: the parcel a recipient is asked to confirm (R-CONFIRM-BEFORE-PICKUP). */
export function useConfirmation(token: string) {
  return useQuery({
    queryKey: queryKeys.confirmation(token),
    queryFn: ({ signal }) => apiRequest<ConfirmationView>(confirmationApiPath(token), { authenticated: false, signal }),
    retryOnMount: false,
    retry: false,
  });
}
