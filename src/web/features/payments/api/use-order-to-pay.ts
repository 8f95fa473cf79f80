import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/payment/{id}: the order, for its owner only. */
export function useOrderToPay(orderId: string) {
  return useQuery({
    queryKey: queryKeys.orderToPay(orderId),
    queryFn: ({ signal }) => apiRequest<Order>(`/api/payment/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/**
 * POST /api/create-payment-intent once the order is known to be unpaid. The server gives the same
 * secret for the same order every time, so asking again (a reload) starts no second payment.
 */
export function useClientSecret(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.paymentIntent(orderId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      apiRequest<{ clientSecret: string }>('/api/create-payment-intent', { method: 'POST', body: { orderId }, signal }),
    select: (answer) => answer.clientSecret,
  });
}

/** PATCH /api/orders/{id}: the server checks the payment with the processor and marks the order paid. */
export function useRecordPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, {
        method: 'PATCH',
        body: { transactionId, payment: orderId },
      }),
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orderToPay(orderId), order);
      // My Orders and Manage Orders show the paid badge from now on.
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
