import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isMissingReference } from '#server/db/constraint-errors.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '#server/http/errors.ts';
import type { Order } from '#shared/order.ts';
import type { OrderLifecycle, OrderMoves } from '../orders/lifecycle.ts';
import { paymentReceipt } from '../orders/mails.ts';
import { findOrder, type OrderRow } from '../orders/order-row.ts';
import { ACTORS, addTimelineNote, presentOrder } from '../orders/service.ts';
import { paymentSucceeded, refundThrough } from './outcomes.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import { findIntentForOrder, saveIntent } from './repository.ts';

export const PAYMENT_MESSAGES = {
  orderNotFound: /*i18n*/ 'No order has this id: it may have been cancelled.',
  notYourOrder: /*i18n*/ 'You can only pay for your own orders.',
  alreadyPaid: /*i18n*/ 'This order is already paid.',
  paidByAnotherPayment: /*i18n*/ 'This order is already paid with another payment.',
  unknownPayment: /*i18n*/ 'No payment has this transaction id.',
  otherOrdersPayment: /*i18n*/ 'This payment was made for another order.',
  amountMismatch: /*i18n*/ 'This payment’s amount or currency does not match the order.',
  notSucceeded: /*i18n*/ 'This payment has not succeeded.',
  paidWhileCancelling: /*i18n*/ 'This order was just paid, so it can no longer be cancelled.',
  noPaymentToRefund: /*i18n*/ 'This order’s payment is not with the current card processor: refund it there by hand.',
  orderCancelled: /*i18n*/ 'This order was cancelled, so it can no longer be paid.',
  refundedLatePayment: /*i18n*/ 'This order was cancelled before the payment arrived: the payment has been refunded.',
} as const;

export interface PaymentContext {
  db: Database;
  /** A payment moves its order to paid through the orders' one transition function (R-ORDER-STATUS). */
  orders: OrderLifecycle;
  provider: PaymentProvider;
  /** The shop's currency: every order is priced in it. */
  currency: string;
  log: FastifyBaseLogger;
}

type Handle = Database | Transaction;

async function ownOrder(db: Handle, viewer: Viewer, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  if (order.userId !== viewer.userId) throw forbidden(PAYMENT_MESSAGES.notYourOrder);
  return order;
}

/** Why this payment cannot pay this order, or undefined when it does: it succeeded, for this order, for its full amount. */
export function paymentProblem(order: OrderRow, payment: ProviderPayment, currency: string): HttpError | undefined {
  if (payment.orderId !== order.id) return badRequest(PAYMENT_MESSAGES.otherOrdersPayment);
  if (payment.amountCents !== order.priceCents || payment.currency !== currency)
    return badRequest(PAYMENT_MESSAGES.amountMismatch);
  if (payment.status !== 'succeeded') return conflict(PAYMENT_MESSAGES.notSucceeded);
  return undefined;
}

type Recorded =
  | { outcome: 'paid' | 'already-paid'; order: OrderRow }
  | { outcome: 'paid-otherwise'; order: OrderRow }
  | { outcome: 'cancelled'; order: OrderRow }
  | { outcome: 'gone' };

/**
 * Records a verified payment on its order, in the transaction of `moves`. Recording the same payment
 * again changes nothing. `db` is the database that transaction runs on: race tests hold the payment there before it commits.
 */
export async function recordPayment(db: Database, moves: OrderMoves, orderId: string, transactionId: string): Promise<Recorded> {
  const { tx } = moves;
  const [paid] = await moves.move(
    { id: orderId },
    {
      to: 'paid',
      actor: ACTORS.payment,
      note: `Payment ${transactionId}.`,
      changes: { paid: true, transactionId, payment: orderId, paidAt: new Date() },
      mail: (order) => paymentReceipt(order),
    },
  );
  if (paid) {
    await paymentSucceeded(tx, transactionId);
    await reachRacePoint(db, 'order paid');
    return { outcome: 'paid', order: paid.order };
  }
  const order = await findOrder(tx, orderId);
  if (!order) return { outcome: 'gone' };
  if (order.status === 'cancelled') return { outcome: 'cancelled', order };
  return { outcome: order.transactionId === transactionId ? 'already-paid' : 'paid-otherwise', order };
}

export async function readOrderToPay(db: Database, viewer: Viewer, orderId: string): Promise<Order> {
  return presentOrder(db, await ownOrder(db, viewer, orderId));
}

/** POST /api/create-payment-intent: the order's one payment, started once; the amount is the order's, never the client's. */
export async function startOrderPayment(
  context: PaymentContext,
  viewer: Viewer,
  orderId: string,
): Promise<{ clientSecret: string }> {
  const { db, provider, currency } = context;
  const order = await ownOrder(db, viewer, orderId);
  if (order.paid) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status !== 'unpaid') throw conflict(PAYMENT_MESSAGES.orderCancelled);
  const existing = await findIntentForOrder(db, order.id);
  if (
    existing &&
    existing.provider === provider.name &&
    existing.amountCents === order.priceCents &&
    existing.currency === currency
  ) {
    return { clientSecret: existing.clientSecret };
  }
  const started = await provider.startPayment({ orderId: order.id, amountCents: order.priceCents, currency });
  try {
    const saved = await saveIntent(db, {
      id: started.id,
      orderId: order.id,
      provider: provider.name,
      clientSecret: started.clientSecret,
      amountCents: order.priceCents,
      currency,
      status: started.status,
    });
    return { clientSecret: saved.clientSecret };
  } catch (error) {
    // The order was cancelled while the payment was being started.
    if (isMissingReference(error)) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    throw error;
  }
}

/**
 * PATCH /api/orders/{id}: the client says it paid; the processor is asked, and the order becomes paid
 * only for a succeeded payment of this order, for its amount and currency.
 */
export async function confirmOrderPayment(
  context: PaymentContext,
  viewer: Viewer,
  orderId: string,
  transactionId: string,
): Promise<Order> {
  const { db, provider, currency } = context;
  const order = await ownOrder(db, viewer, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return presentOrder(db, order);
    throw conflict(PAYMENT_MESSAGES.paidByAnotherPayment);
  }
  const payment = await provider.findPayment(transactionId);
  if (!payment) throw badRequest(PAYMENT_MESSAGES.unknownPayment, { transactionId: PAYMENT_MESSAGES.unknownPayment });
  const problem = paymentProblem(order, payment, currency);
  if (problem) throw problem;
  const recorded = await context.orders.change((moves) => recordPayment(db, moves, order.id, payment.id));
  if (recorded.outcome === 'gone') throw notFound(PAYMENT_MESSAGES.orderNotFound);
  if (recorded.outcome === 'cancelled') {
    await refundLatePayment(context, recorded.order, payment.id);
    throw conflict(PAYMENT_MESSAGES.refundedLatePayment);
  }
  if (recorded.outcome === 'paid-otherwise') throw conflict(PAYMENT_MESSAGES.paidByAnotherPayment);
  return presentOrder(db, recorded.order);
}

/**
 * Before an unpaid order is cancelled: stop its card payment, so nobody is charged for an order that no
 * longer exists. If the payment went through meanwhile, the order is marked paid and the cancel refused.
 */
export async function releaseOrderPayment(context: PaymentContext, orderId: string): Promise<void> {
  const { db, provider, currency } = context;
  const intent = await findIntentForOrder(db, orderId);
  if (!intent || intent.provider !== provider.name) return;
  if ((await provider.releasePayment(intent.id)) === 'released') return;
  const [order, payment] = await Promise.all([findOrder(db, orderId), provider.findPayment(intent.id)]);
  if (order && payment && !paymentProblem(order, payment, currency)) {
    await context.orders.change((moves) => recordPayment(db, moves, order.id, payment.id));
  }
  throw conflict(PAYMENT_MESSAGES.paidWhileCancelling);
}

/**
 * R-HOLD: a payment that succeeded for an order already cancelled (it expired while the customer paid)
 * is refunded at once through its processor, logged for the shop, and noted on the order's timeline.
 */
export async function refundLatePayment(context: PaymentContext, order: OrderRow, paymentId: string): Promise<void> {
  const { db, provider, log } = context;
  const refundId = await refundThrough(provider, paymentId);
  log.warn({ orderId: order.id, paymentIntent: paymentId, refund: refundId }, 'payment for a cancelled order: refunded');
  await db.transaction((tx) =>
    addTimelineNote(
      tx,
      order,
      ACTORS.payment,
      `Payment ${paymentId} arrived after the order was cancelled and was refunded automatically (refund ${refundId}).`,
    ),
  );
}

/** R-ORDER-REFUND: gives back the money of an order's payment, through the processor that took it. */
export async function refundOrderPayment(context: PaymentContext, orderId: string): Promise<string> {
  const intent = await findIntentForOrder(context.db, orderId);
  if (!intent || intent.provider !== context.provider.name) throw conflict(PAYMENT_MESSAGES.noPaymentToRefund);
  return refundThrough(context.provider, intent.id);
}
