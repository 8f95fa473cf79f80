import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const ORDERS_QUERY_KEY = ['orders'] as const;
/** The products feature's "products" key: a cancelled order puts its quantity back in stock. */
const PRODUCTS_KEY = ['products'] as const;

/** My Orders: GET /api/orders?email={email}. A refusal ends the session, as the spec's error rule says. */
export function useMyOrders(email: string) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'mine', email],
    queryFn: ({ signal }) =>
      apiRequest<Order[]>(`/api/orders?email=${encodeURIComponent(email)}`, { signal, endSessionOnDenied: true }),
  });
}

/** Manage Orders: GET /api/allOrders (admin). */
export function useAllOrders() {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'all'],
    queryFn: ({ signal }) => apiRequest<Order[]>('/api/allOrders', { signal }),
  });
}

function useOrderCancel(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Order>(path(id), { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
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
