import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashHandin, CashHandinRequest } from '#shared/cash-handins.ts';
import {
  type DeliveryOutcome,
  HANDOVER_PHOTO_FIELD,
  type Operations,
  type RunParcel,
  type ScanRequest,
  type ScanResult,
} from '#shared/tracking.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { formWithPicture } from '#web/lib/picture-file.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/ops/scans (R-SCANS): one result per code; the parcels shown elsewhere are read again. */
export function useScans() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scan: ScanRequest) => apiRequest<{ results: ScanResult[] }>('/api/ops/scans', { method: 'POST', body: scan }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.parcels }),
  });
}

/** GET /api/ops/riders: whom parcels may go out with. */
export function useRiders(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.riders,
    enabled,
    queryFn: ({ signal }) => apiRequest<{ email: string; name: string }[]>('/api/ops/riders', { signal }),
  });
}

/** GET /api/rider/run: the parcels out for delivery with the signed-in rider. */
export const RIDER_RUN_PATH = '/api/rider/run';

export function useRiderRun() {
  return useQuery({
    queryKey: queryKeys.riderRun,
    queryFn: ({ signal }) => apiRequest<RunParcel[]>(RIDER_RUN_PATH, { signal }),
  });
}

/**
 * POST /api/rider/deliveries/{code}: the rider's outcome, as multipart/form-data when a photo of the
 * handover goes with it; the run is read again whatever it was (a wrong code counts).
 */
export function useRecordDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ trackingCode, outcome }: { trackingCode: string; outcome: DeliveryOutcome<File> }) =>
      apiRequest<{ trackingCode: string; status: string }>(`/api/rider/deliveries/${encodeURIComponent(trackingCode)}`, {
        method: 'POST',
        body: formWithPicture(outcome, HANDOVER_PHOTO_FIELD),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.riderRun }),
  });
}

/** GET /api/admin/operations: the network at a glance (admins). */
export function useOperations() {
  return useQuery({
    queryKey: queryKeys.operations,
    queryFn: ({ signal }) => apiRequest<Operations>('/api/admin/operations', { signal }),
  });
}

/** POST /api/ops/cash-handins: a rider handed in the cash they collected, and the operator counted it (R-CASH-HANDINS). */
export function useTakeCash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handin: CashHandinRequest) => apiRequest<CashHandin>('/api/ops/cash-handins', { method: 'POST', body: handin }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.operations }),
  });
}
