import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanRequest, ScanResult } from '#shared/tracking.ts';
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
