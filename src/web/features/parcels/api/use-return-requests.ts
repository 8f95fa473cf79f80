import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnRequest, ReturnRequestInput, ReturnRequestMove, ReturnRequestPage } from '#shared/return-request.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const path = (trackingCode: string) => `/api/consignments/${encodeURIComponent(trackingCode)}/return-requests`;

/** GET /api/consignments/{code}/return-requests: the parcel's requests to bring its item back (R-RETURN-REQUESTS). */
export function useReturnRequests(trackingCode: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.parcelReturnRequests(trackingCode),
    enabled,
    queryFn: ({ signal }) => apiRequest<ReturnRequest[]>(path(trackingCode), { signal }),
  });
}

/** POST /api/consignments/{code}/return-requests: "Ask for it back". */
export function useAskReturnRequest(trackingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestInput) => apiRequest<ReturnRequest>(path(trackingCode), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.parcelReturnRequests(trackingCode) }),
  });
}

/** GET /api/ops/return-requests: the requests on their way, for Operations (staff). */
export function useOpenReturnRequests() {
  return useQuery({
    queryKey: queryKeys.openReturnRequests,
    queryFn: ({ signal }) => apiRequest<ReturnRequestPage>('/api/ops/return-requests', { signal }),
  });
}

/** POST /api/ops/return-requests/{id}/move: to the next status on the way, or `to` (a failure with why). */
export function useMoveReturnRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ReturnRequestMove) =>
      apiRequest<ReturnRequest>(`/api/ops/return-requests/${encodeURIComponent(id)}/move`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.openReturnRequests }),
  });
}
