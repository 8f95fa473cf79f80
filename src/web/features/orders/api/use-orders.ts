import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatusChange } from '#shared/order.ts';
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

/** An order's page: GET /api/orders/number/{number}, the customer's own order or any for an admin. */
export function useOrder(number: string) {
  return useQuery({
    queryKey: queryKeys.order(number),
    queryFn: ({ signal }) => apiRequest<Order>(`/api/orders/number/${encodeURIComponent(number)}`, { signal }),
  });
}

/** After an order changes: the lists of orders, and the stock the products show. */
function refreshOrdersAndStock(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  ]);
}

function useOrderCancel(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Order>(path(id), { method: 'DELETE' }),
    // A cancelled order puts its quantity back in stock.
    onSettled: () => refreshOrdersAndStock(queryClient),
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

/** Manage Orders' ship, deliver and refund: PATCH /api/admin/orders/{id} (admin, R-ORDER-STATUS). */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OrderStatusChange }) =>
      apiRequest<Order>(`/api/admin/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
    // A refund of an order not shipped puts its quantity back in stock.
    onSettled: () => refreshOrdersAndStock(queryClient),
  });
}
