import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, Consignment, ConsignmentInput } from '#shared/consignment.ts';
import { labelPath } from '#shared/consignment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** My Parcels: GET /api/consignments, the customer's own, newest first. */
export function useMyParcels() {
  return useQuery({
    queryKey: queryKeys.parcels,
    queryFn: ({ signal }) => apiRequest<Consignment[]>('/api/consignments', { signal }),
  });
}

/** A parcel's page: GET /api/consignments/{trackingCode}. */
export function useParcel(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.parcel(trackingCode),
    queryFn: ({ signal }) => apiRequest<Consignment>(`/api/consignments/${encodeURIComponent(trackingCode)}`, { signal }),
  });
}

/**
 * POST /api/consignments with the form's own Idempotency-Key: a double click, or a retry after a lost
 * answer, books one parcel (R-BOOKING).
 */
export function useBookParcel(idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parcel: ConsignmentInput) =>
      apiRequest<Booking>('/api/consignments', { method: 'POST', body: parcel, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.parcels }),
  });
}

/** Saves the parcel's A6 label, in the page's language. */
export function downloadLabel(trackingCode: string, language: string): Promise<void> {
  return downloadFile(`${labelPath(trackingCode)}?lang=${language}`, `label-${trackingCode}.pdf`);
}

/** POST /api/consignments/{code}/cancel: before pickup; a fee paid by card is refunded. */
export function useCancelParcel(trackingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Consignment>(`/api/consignments/${encodeURIComponent(trackingCode)}/cancel`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.parcels }),
  });
}
