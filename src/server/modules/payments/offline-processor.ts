import { randomBytes } from 'node:crypto';
import type { Viewer } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { cardDigits, type PaymentIntent, type TestCard } from '#shared/payment.ts';
import { REFUSING_TEST_CARDS } from '#shared/test-cards.ts';
import { findConsignmentById } from '../consignments/consignment-row.ts';
import { CONSIGNMENT_MESSAGES } from '../consignments/service.ts';
import { findOrder } from '../orders/order-row.ts';
import { FEE_CURRENCY, FEE_MESSAGES, recordFeePayment } from './consignment-fee.ts';
import { cardDeclined } from './outcomes.ts';
import type { PaymentProvider } from './provider.ts';
import { findIntent, findIntentBySecret, lockIntentBySecret, setIntentStatus } from './repository.ts';
import { PAYMENT_MESSAGES, type PaymentContext, recordPayment } from './service.ts';

const OFFLINE_MESSAGES = {
  unknownClientSecret: /*i18n*/ 'No payment matches this client secret.',
  staleIntent: /*i18n*/ 'This payment no longer matches the order: reload the page to start again.',
  notRefundable: /*i18n*/ 'This payment was never taken, so there is nothing to refund.',
} as const;

type CardRefusal = Pick<(typeof REFUSING_TEST_CARDS)[number], 'code' | 'message'>;

const REFUSALS = new Map<string, CardRefusal>(
  REFUSING_TEST_CARDS.map(({ number, code, message }) => [cardDigits(number), { code, message }]),
);

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

/** What the card's bank says for the listed test cards: a refusal, as a real processor answers it. */
function refuseListedCard(card: TestCard): void {
  const refusal = REFUSALS.get(card.number);
  if (!refusal) return;
  cardDeclined('test');
  throw new HttpError(402, refusal.code, refusal.message);
}

/**
 * The built-in offline processor. Its payments live in the payment_intents table: ids look like
 * Stripe's (pi_…), and a client secret is unguessable and opens exactly one order's payment.
 */
export function createOfflineProcessor(db: Database): PaymentProvider {
  return {
    name: 'test',
    async startPayment() {
      const id = `pi_${randomId(12)}`;
      return { id, clientSecret: `${id}_secret_${randomId(24)}`, status: 'requires_payment_method' };
    },
    // A test charge pays its order in the same transaction and is refused for an order no longer
    // unpaid, so there is never a pending charge to stop.
    async releasePayment() {
      return 'released';
    },
    // The refund's id is derived from the payment's, so refunding twice answers the same refund.
    async refundPayment(id) {
      const intent = await findIntent(db, id, 'test');
      if (intent?.status !== 'succeeded' && intent?.status !== 'refunded') throw conflict(OFFLINE_MESSAGES.notRefundable);
      await setIntentStatus(db, id, 'refunded');
      return `re_${id.slice('pi_'.length)}`;
    },
    async findPayment(id) {
      const intent = await findIntent(db, id, 'test');
      return intent
        ? {
            id: intent.id,
            status: intent.status,
            amountCents: intent.amountCents,
            currency: intent.currency,
            orderId: intent.orderId ?? undefined,
            consignmentId: intent.consignmentId ?? undefined,
          }
        : undefined;
    },
  };
}

/**
 * POST /api/test-payments/confirm: the offline processor charges the card. What the card's bank says is
 * a refusal for the listed test cards; any other valid number pays. Like a provider's webhook, a
 * successful charge pays the order at once, so closing the tab before PATCH loses nothing.
 */
export async function chargeTestCard(
  context: Pick<PaymentContext, 'db' | 'orders' | 'currency'>,
  viewer: Viewer,
  clientSecret: string,
  card: TestCard,
): Promise<{ paymentIntent: PaymentIntent }> {
  if ((await findIntentBySecret(context.db, clientSecret))?.consignmentId)
    return chargeTestCardForFee(context.db, viewer, clientSecret, card);
  return context.orders.change(async (moves) => {
    const { tx } = moves;
    const intent = await lockIntentBySecret(tx, clientSecret);
    if (intent?.provider !== 'test' || !intent.orderId) throw notFound(OFFLINE_MESSAGES.unknownClientSecret);
    const order = await findOrder(tx, intent.orderId);
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    if (order.userId !== viewer.userId) throw forbidden(PAYMENT_MESSAGES.notYourOrder);
    if (order.paid || intent.status === 'succeeded') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
    if (order.status !== 'unpaid') throw conflict(PAYMENT_MESSAGES.orderCancelled);
    if (intent.amountCents !== order.priceCents || intent.currency !== context.currency)
      throw conflict(OFFLINE_MESSAGES.staleIntent);
    refuseListedCard(card);
    // The order may have been cancelled while this charge waited for it: then nothing is charged.
    const recorded = await recordPayment(context.db, moves, order.id, intent.id);
    if (recorded.outcome !== 'paid') throw conflict(PAYMENT_MESSAGES.orderCancelled);
    return { paymentIntent: { id: intent.id, status: 'succeeded', amount: intent.amountCents, currency: intent.currency } };
  });
}

/** The same charge for a consignment's delivery fee (issue 28): it pays the fee at once, in the charge's transaction. */
async function chargeTestCardForFee(
  db: Database,
  viewer: Viewer,
  clientSecret: string,
  card: TestCard,
): Promise<{ paymentIntent: PaymentIntent }> {
  return db.transaction(async (tx) => {
    const intent = await lockIntentBySecret(tx, clientSecret);
    if (intent?.provider !== 'test' || !intent.consignmentId) throw notFound(OFFLINE_MESSAGES.unknownClientSecret);
    const consignment = await findConsignmentById(tx, intent.consignmentId);
    if (!consignment || consignment.userId !== viewer.userId) throw notFound(CONSIGNMENT_MESSAGES.notFound);
    if (consignment.feePaidAt || intent.status === 'succeeded') throw conflict(FEE_MESSAGES.alreadyPaid);
    if (consignment.status === 'cancelled') throw conflict(FEE_MESSAGES.cancelled);
    if (intent.amountCents !== consignment.total || intent.currency !== FEE_CURRENCY)
      throw conflict(OFFLINE_MESSAGES.staleIntent);
    refuseListedCard(card);
    if ((await recordFeePayment(tx, consignment.id, intent.id)) !== 'paid') throw conflict(FEE_MESSAGES.alreadyPaid);
    return { paymentIntent: { id: intent.id, status: 'succeeded', amount: intent.amountCents, currency: intent.currency } };
  });
}
