import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The product page's call for the other products of its category; the server renders the page with the same. */
export const relatedProductsPath = (id: string) => `/api/purchase/${encodeURIComponent(id)}/related`;

/** GET /api/purchase/{id}/related: up to four other products of the product's category (R-PRODUCT-PAGE). */
export function useRelatedProducts(id: string) {
  return useQuery({
    queryKey: queryKeys.relatedProducts(id),
    queryFn: ({ signal }) => apiRequest<Product[]>(relatedProductsPath(id), { authenticated: false, signal }),
  });
}
