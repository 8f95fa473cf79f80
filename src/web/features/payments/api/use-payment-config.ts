import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '#shared/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/payment-config: the test processor, or Stripe with its publishable key. Fixed for the server's life. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: queryKeys.paymentConfig,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => apiRequest<PaymentConfig>('/api/payment-config', { signal }),
  });
}
