import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { PRODUCTS_QUERY_KEY } from './use-products.ts';

/** Under the "products" key, so whatever refreshes the list refreshes each product too. */
export function productQueryKey(id: string) {
  return [...PRODUCTS_QUERY_KEY, id] as const;
}

/** GET /api/purchase/{id}: one product for the purchase page, always asked afresh when the page opens. */
export function useProduct(id: string) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => apiRequest<Product>(`/api/purchase/${encodeURIComponent(id)}`, { authenticated: false, signal }),
    staleTime: 0,
  });
}
