import { useQuery } from '@tanstack/react-query';
import type { Overview } from '#shared/overview.ts';
import type { ParcelOutcomes } from '#shared/parcel-outcomes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The overview: GET /api/admin/overview (admin, R-OVERVIEW). Under the orders' key, so whatever changes
 * an order refreshes it too; spelled here, as Manage Orders' key is (use-admin-orders.ts).
 */
export function useOverview() {
  return useQuery({
    queryKey: [...queryKeys.orders, 'overview'],
    queryFn: ({ signal }) => apiRequest<Overview>('/api/admin/overview', { signal }),
  });
}

/** GET /api/admin/parcel-outcomes: how the network's parcels ended, by the week they were booked (R-PARCEL-OUTCOMES). */
export function useNetworkParcelOutcomes() {
  return useQuery({
    queryKey: queryKeys.networkParcelOutcomes,
    queryFn: ({ signal }) => apiRequest<ParcelOutcomes>('/api/admin/parcel-outcomes', { signal }),
  });
}
