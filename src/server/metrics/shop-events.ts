import { channel } from 'node:diagnostics_channel';
import type { ConsignmentStatus } from '#shared/consignment-status.ts';
import type { OrderStatus } from '#shared/order-status.ts';

/**
 * What the shop does that an operator counts (issue 31, R-METRICS): the modules tell it here, and the
 * metrics plugin hears it when METRICS_TOKEN is set. Through Node's diagnostics_channel, so no module
 * needs a handle on the metrics, and telling costs one check while nobody listens (decision 0090).
 */
function told<Fact>(name: string) {
  const facts = channel(`storefront.${name}`);
  return {
    tell(fact: Fact): void {
      if (facts.hasSubscribers) facts.publish(fact);
    },
    /** Returns how to stop hearing. */
    hear(listener: (fact: Fact) => void): () => void {
      const heard = (message: unknown) => listener(message as Fact);
      facts.subscribe(heard);
      return () => facts.unsubscribe(heard);
    },
  };
}

/** The outboxes whose rows a worker sends: mails, text messages, merchants' webhooks. */
export type OutboxName = 'mail' | 'sms' | 'webhook';

/** A carrier refused, or could not be reached for, one row of an outbox; it is tried again later. */
export const outboxRefusals = told<{ outbox: OutboxName }>('outbox-refused');

/** A card processor paid an order, refused a card, or gave a payment back. */
export const paymentOutcomes = told<{
  processor: 'test' | 'stripe' | 'sslcommerz';
  outcome: 'succeeded' | 'declined' | 'refunded';
}>('payment-outcome');

/**
 * A report from SSLCommerz refused (R-SSLCOMMERZ): forged (its signature or SSLCommerz's validation says no) or
 * for another amount or currency than the payment asked (an operator looks at each).
 */
export const sslcommerzRefusals = told<{ reason: 'forged' | 'mismatch' }>('sslcommerz-refused');

/** An order moved from one status to another (R-ORDER-STATUS). */
export const orderMoves = told<{ from: OrderStatus; to: OrderStatus }>('order-moved');

/** A parcel moved to a status (R-PARCEL-STATUS). */
export const parcelMoves = told<{ to: ConsignmentStatus }>('parcel-moved');

/** A payout run settled a merchant (a payout made, or nothing above zero owed) or could not (issue 40). */
export const payoutRunSteps = told<{ outcome: 'paid' | 'nothing owed' | 'failed' }>('payout-run-step');
