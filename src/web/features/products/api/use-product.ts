import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/purchase/{id}: one product for the purchase page, asked afresh when the page opens (unless it was refused). */
export function useProduct(id: string) {
  return useQuery({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => apiRequest<Product>(`/api/purchase/${encodeURIComponent(id)}`, { authenticated: false, signal }),
    staleTime: 0,
    // A refusal the server rendered the page with (a deleted product's 404) is shown as it is, on the
    // server and in the browser's first render alike, instead of a spinner while it is asked again.
    retryOnMount: false,
  });
}
