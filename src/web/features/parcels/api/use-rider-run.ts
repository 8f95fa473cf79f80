import { useQuery } from '@tanstack/react-query';
import type { RunParcel } from '#shared/tracking.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/rider/run: the parcels out for delivery with the signed-in rider. Apart from the scans' hooks,
 * so that the run page loads neither zod nor the mutations with its first view (issue 43).
 */
export const RIDER_RUN_PATH = '/api/rider/run';

export function useRiderRun() {
  return useQuery({
    queryKey: queryKeys.riderRun,
    queryFn: ({ signal }) => apiRequest<RunParcel[]>(RIDER_RUN_PATH, { signal }),
  });
}
