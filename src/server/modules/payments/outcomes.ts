import type { Transaction } from '#server/db/client.ts';
import { paymentOutcomes } from '#server/metrics/shop-events.ts';
import type { PaymentProvider } from './provider.ts';
import { setIntentStatus } from './repository.ts';

/**
 * The three moments a payment's outcome is known, each counted by its processor for /metrics
 * (R-METRICS): an order or a parcel's fee paid, a card refused, a payment given back.
 */

/** The payment took the money: its intent says so, in the transaction that pays what it was for. */
export async function paymentSucceeded(tx: Transaction, paymentId: string): Promise<void> {
  const processor = await setIntentStatus(tx, paymentId, 'succeeded');
  if (processor) paymentOutcomes.tell({ processor, outcome: 'succeeded' });
}

export function cardDeclined(processor: PaymentProvider['name']): void {
  paymentOutcomes.tell({ processor, outcome: 'declined' });
}

/** Gives a payment back through its processor and answers the refund's id (R-ORDER-REFUND). */
export async function refundThrough(provider: PaymentProvider, paymentId: string): Promise<string> {
  const refundId = await provider.refundPayment(paymentId);
  paymentOutcomes.tell({ processor: provider.name, outcome: 'refunded' });
  return refundId;
}
