import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The "products" query (R-API): the public list, shared by the home grid and Manage Products. */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: ({ signal }) => apiRequest<Product[]>('/api/home', { authenticated: false, signal }),
  });
}
