import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The spec's "products" query: the public list, shared by the home grid and Manage Products. */
export const PRODUCTS_QUERY_KEY = ['products'] as const;

export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<Product[]>('/api/home', { authenticated: false, signal }),
  });
}
