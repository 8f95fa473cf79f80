import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/purchase/{id}: one product for the purchase page, always asked afresh when the page opens. */
export function useProduct(id: string) {
  return useQuery({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => apiRequest<Product>(`/api/purchase/${encodeURIComponent(id)}`, { authenticated: false, signal }),
    staleTime: 0,
  });
}
