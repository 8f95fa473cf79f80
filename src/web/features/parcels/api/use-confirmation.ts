import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmationView, PendingChange } from '#shared/recipient-confirmation.ts';
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

const parcelPath = (trackingCode: string) => `/api/consignments/${encodeURIComponent(trackingCode)}/confirmation`;

/** GET /api/consignments/{code}/confirmation: whether the sender's recipient confirmed, and any change they asked for. */
export function useParcelConfirmation(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.parcelConfirmation(trackingCode),
    queryFn: ({ signal }) => apiRequest<PendingChange | null>(parcelPath(trackingCode), { signal }),
  });
}

/** POST /api/consignments/{code}/confirmation/decision: the sender accepts or declines the recipient's change. */
export function useDecideChange(trackingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) =>
      apiRequest<PendingChange>(`${parcelPath(trackingCode)}/decision`, { method: 'POST', body: { accept } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parcelConfirmation(trackingCode) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parcel(trackingCode) }),
      ]),
  });
}
