import type { PaymentIntent, TestCard } from '#shared/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/test-payments/confirm: the test processor charges the card, or answers with the card's refusal. */
export async function confirmTestPayment(
  clientSecret: string,
  card: TestCard,
  billingDetails: { name: string; email: string },
): Promise<PaymentIntent> {
  const answer = await apiRequest<{ paymentIntent: PaymentIntent }>('/api/test-payments/confirm', {
    method: 'POST',
    body: { clientSecret, card, billingDetails },
  });
  return answer.paymentIntent;
}
