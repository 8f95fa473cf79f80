import { z } from 'zod';
import { reachRacePoint } from '#server/db/race-points.ts';
import { findOrder, type OrderRow } from '../orders/order-row.ts';
import { applyFeePayment } from './consignment-fee.ts';
import { cardDeclined } from './outcomes.ts';
import type { PaymentEvent } from './provider.ts';
import { recordWebhookEvent } from './repository.ts';
import { type PaymentContext, paymentProblem, recordPayment, refundLatePayment } from './service.ts';

/**
 * A verified processor event. Each event counts once (replays and duplicate deliveries change nothing);
 * a succeeded payment pays its order after the same checks as PATCH. Problems no retry can fix are
 * logged for the shop to look at, and the event is still acknowledged.
 */
export async function applyPaymentEvent(
  context: PaymentContext,
  event: PaymentEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { db, currency, log } = context;
  const applied = await context.orders.change(async (moves): Promise<'applied' | 'duplicate' | 'ignored' | Late> => {
    const { tx } = moves;
    if (!(await recordWebhookEvent(tx, event.id, event.type))) return 'duplicate';
    await reachRacePoint(db, 'payment event recorded');
    if (event.declined) cardDeclined(context.provider.name);
    const payment = event.succeededPayment;
    if (!payment) return 'ignored';
    if (payment.consignmentId) return applyFeePayment(tx, payment, log);
    const orderId = z.uuid().safeParse(payment.orderId);
    const order = orderId.success ? await findOrder(tx, orderId.data) : undefined;
    if (!order) {
      log.warn({ paymentIntent: payment.id, orderId: payment.orderId }, 'payment for an order that does not exist: refund it');
      return 'ignored';
    }
    const problem = paymentProblem(order, payment, currency);
    if (problem) {
      log.warn({ paymentIntent: payment.id, orderId: order.id, problem: problem.message }, 'payment does not pay its order');
      return 'ignored';
    }
    const recorded = await recordPayment(db, moves, order.id, payment.id);
    if (recorded.outcome === 'paid-otherwise') {
      log.warn({ paymentIntent: payment.id, orderId: order.id }, 'order paid twice: refund the second payment');
    }
    if (recorded.outcome === 'cancelled') return { late: recorded.order, paymentId: payment.id };
    return recorded.outcome === 'paid' ? 'applied' : 'ignored';
  });
  if (typeof applied === 'string') return applied;
  // After the event's transaction: the processor is not called while the database waits.
  await refundLatePayment(context, applied.late, applied.paymentId);
  return 'ignored';
}

/** A payment that arrived for an order already cancelled: refunded once the event is recorded. */
interface Late {
  late: OrderRow;
  paymentId: string;
}
