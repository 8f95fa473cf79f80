import { useQuery } from '@tanstack/react-query';
import type { StoreList } from '#shared/store.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/merchant/stores: where a merchant's parcel may be picked up (issue 41), asked for merchants only. */
export function useStores(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.stores,
    enabled,
    queryFn: ({ signal }) => apiRequest<StoreList>('/api/merchant/stores', { signal }),
  });
}
