import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '#shared/checkout.ts';
import type { Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { cartCount } from '../cart-store.ts';

/** Place order (R-CHECKOUT): POST /api/checkout turns the cart the customer reviewed into one order. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkout: Checkout) => apiRequest<Order>('/api/checkout', { method: 'POST', body: checkout }),
    onSuccess: (order, sent) => {
      // The server emptied the cart with the order.
      queryClient.setQueryData(queryKeys.cart, { items: [], price: 0, notices: [] });
      cartCount.set(0);
      // "Save for next time" changed the profile (R-ORDER-ADDRESS).
      if (sent.saveAddressToProfile) return queryClient.invalidateQueries({ queryKey: queryKeys.profile(order.email) });
    },
    // A refusal means the cart or the stock changed since it was read: show them as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      ]),
  });
}
