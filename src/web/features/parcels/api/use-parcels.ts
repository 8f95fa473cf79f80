import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, Consignment, ConsignmentInput } from '#shared/consignment.ts';
import { labelPath } from '#shared/consignment.ts';
import type { ConsignmentStatus } from '#shared/consignment-status.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import type { TrackingEvent } from '#shared/tracking.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryString } from '#web/lib/query-string.ts';

export interface MyParcelsFilter {
  status?: ConsignmentStatus;
  /** Booked on or after this shop day (YYYY-MM-DD). */
  from?: string;
  /** Booked on or before this shop day. */
  to?: string;
  q?: string;
}

/**
 * A page of My Parcels, the customer's own, newest first: GET /api/consignments, or POST …/search with a
 * search, which may be a phone or a name and so never goes in an address (decision 127).
 */
export function useMyParcels(filter: MyParcelsFilter, cursor: string | undefined) {
  return useQuery({
    queryKey: queryKeys.parcelsPage(filter, cursor),
    queryFn: ({ signal }) =>
      filter.q
        ? apiRequest<ParcelsPage>('/api/consignments/search', { method: 'POST', body: { ...filter, cursor }, signal })
        : apiRequest<ParcelsPage>(
            `/api/consignments${queryString({ status: filter.status, from: filter.from, to: filter.to, cursor })}`,
            {
              signal,
            },
          ),
    placeholderData: keepPreviousData,
  });
}

/** A parcel's page: GET /api/consignments/{trackingCode}. */
export function useParcel(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.parcel(trackingCode),
    queryFn: ({ signal }) => apiRequest<Consignment>(`/api/consignments/${encodeURIComponent(trackingCode)}`, { signal }),
  });
}

/** GET /api/consignments/{code}/events: every step of one of the viewer's parcels, in the page's language (issue 42). */
export function useParcelSteps(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.parcelSteps(trackingCode),
    queryFn: ({ signal }) =>
      apiRequest<TrackingEvent[]>(`/api/consignments/${encodeURIComponent(trackingCode)}/events`, { signal }),
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
