import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewOrder, Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { PRODUCTS_QUERY_KEY } from './use-products.ts';

/** The orders feature caches the user's orders under this key; a new order makes them stale. */
const ORDERS_KEY = ['orders'] as const;

/** Buy Now: POST /api/orders. The server prices the order and reserves the stock. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewOrder) => apiRequest<Order>('/api/orders', { method: 'POST', body: order }),
    // Refused orders change what is left in stock too, so refresh either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      ]),
  });
}
