import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Store, StoreChange, StoreInput, StoreList } from '#shared/store.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The merchant's stores (issue 41, R-STORES): listed, added, changed, archived; each change shows the
 * list as the server now has it.
 */
export function useStores() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.stores });
  return {
    list: useQuery({
      queryKey: queryKeys.stores,
      queryFn: ({ signal }) => apiRequest<StoreList>('/api/merchant/stores', { signal }),
    }),
    add: useMutation({
      mutationFn: (store: StoreInput) => apiRequest<Store>('/api/merchant/stores', { method: 'POST', body: store }),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: ({ id, change }: { id: string; change: StoreChange }) =>
        apiRequest<Store>(`/api/merchant/stores/${id}`, { method: 'PATCH', body: change }),
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationFn: (id: string) => apiRequest<Store>(`/api/merchant/stores/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
