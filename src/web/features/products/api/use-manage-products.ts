import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/product.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/addProduct: JSON with a picture address, or the form data with an uploaded picture. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Record<string, unknown> | FormData) =>
      apiRequest<AdminProduct>('/api/addProduct', { method: 'POST', body: product }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

/** PUT /api/purchase/{id} (admin): the edit form, sent like Add Products' (R-EDIT). */
export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Record<string, unknown> | FormData) =>
      apiRequest<AdminProduct>(`/api/purchase/${encodeURIComponent(id)}`, { method: 'PUT', body: product }),
    // The list, the catalogue pages and this product are all under the products key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

/** DELETE /api/product/{id} (admin). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AdminProduct>(`/api/product/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
