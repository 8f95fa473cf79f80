import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewOrder, Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Buy Now: POST /api/orders. The server prices the order and reserves the stock. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewOrder) => apiRequest<Order>('/api/orders', { method: 'POST', body: order }),
    // "Save for next time" changed the buyer's profile, which the side card shows (R-ORDER-ADDRESS).
    onSuccess: (order, sent) =>
      sent.saveAddressToProfile ? queryClient.invalidateQueries({ queryKey: queryKeys.profile(order.email) }) : undefined,
    // Refused orders change what is left in stock too, so refresh either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      ]),
  });
}
