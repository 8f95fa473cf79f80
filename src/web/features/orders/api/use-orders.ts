import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** My Orders: GET /api/orders?email={email}. A refusal ends the session (R-ORDERS). */
export function useMyOrders(email: string) {
  return useQuery({
    queryKey: queryKeys.myOrders(email),
    queryFn: ({ signal }) =>
      apiRequest<Order[]>(`/api/orders?email=${encodeURIComponent(email)}`, { signal, endSessionOnDenied: true }),
  });
}

/** Manage Orders: GET /api/allOrders (admin). */
export function useAllOrders() {
  return useQuery({
    queryKey: queryKeys.allOrders,
    queryFn: ({ signal }) => apiRequest<Order[]>('/api/allOrders', { signal }),
  });
}

function useOrderCancel(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Order>(path(id), { method: 'DELETE' }),
    // A cancelled order puts its quantity back in stock.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]),
  });
}

/** My Orders' cancel: DELETE /api/removeItem/{id}, the user's own unpaid order. */
export function useCancelOrder() {
  return useOrderCancel((id) => `/api/removeItem/${encodeURIComponent(id)}`);
}

/** Manage Orders' Cancel Order: DELETE /api/deleteOrders/{id} (admin). */
export function useRemoveOrder() {
  return useOrderCancel((id) => `/api/deleteOrders/${encodeURIComponent(id)}`);
}
