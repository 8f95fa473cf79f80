import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashHandin, CashHandinRequest } from '#shared/cash-handins.ts';
import type { Operations, ScanRequest, ScanResult } from '#shared/tracking.ts';
import { apiRequest } from '#web/lib/api-client.ts';
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
