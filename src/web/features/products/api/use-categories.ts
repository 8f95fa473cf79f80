import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '#shared/category.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/categories: the catalogue's filter and the product forms list them (R-CATEGORY). */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => apiRequest<Category[]>('/api/categories', { authenticated: false, signal }),
  });
}

type CategoryChange =
  | { kind: 'add'; input: CategoryInput }
  | { kind: 'rename'; id: string; input: CategoryInput }
  | { kind: 'delete'; id: string };

const path = (id: string) => `/api/categories/${encodeURIComponent(id)}`;

/** An admin's change to the categories; a deletion changes the products in it too. */
export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CategoryChange) =>
      change.kind === 'add'
        ? apiRequest<Category>('/api/categories', { method: 'POST', body: change.input })
        : change.kind === 'rename'
          ? apiRequest<Category>(path(change.id), { method: 'PUT', body: change.input })
          : apiRequest<Category>(path(change.id), { method: 'DELETE' }),
    onSettled: (_category, _error, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
        change.kind === 'delete' ? queryClient.invalidateQueries({ queryKey: queryKeys.products }) : undefined,
      ]),
  });
}
