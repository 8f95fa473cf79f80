import type { Viewer } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import type { Order, OrderStatusChange } from '#shared/order.ts';
import { transitionProblem } from '#shared/order-status.ts';
import { orderStatusChanged, queueMail } from '../mail/outbox.ts';
import { releaseStock } from '../products/repository.ts';
import { findOrder, lockOrder } from './repository.ts';
import { cancelAnyOrder, changeStatus, ORDER_NOT_FOUND, presentOrder, type ReleasePayment } from './service.ts';

/** Gives a paid order's money back through the processor that took it; answers the processor's refund id. */
export type RefundPayment = (orderId: string) => Promise<string>;

export const FULFILMENT_MESSAGES = {
  shippingNeedsTracking: 'To mark an order shipped, give its carrier and tracking number.',
  onlyPaymentPays: 'Only a confirmed card payment makes an order paid.',
} as const;

/** Why `order` cannot move to `to`: 404 when it does not exist, 409 with the reason otherwise. */
async function refusal(db: Database, id: string, to: Order['status']): Promise<Error> {
  const order = await findOrder(db, id);
  if (!order) return notFound(ORDER_NOT_FOUND);
  return conflict(transitionProblem(order.status, to) ?? `This order changed meanwhile: it is now ${order.status}.`);
}

/**
 * R-ORDER-STATUS, Manage Orders: paid → shipped (with carrier and tracking number), shipped → delivered.
 * The move, its timeline line and the customer's mail are one transaction.
 */
async function advance(db: Database, admin: Viewer, id: string, change: OrderStatusChange): Promise<Order> {
  const to = change.status;
  if (to !== 'shipped' && to !== 'delivered') throw await refusal(db, id, to);
  if (to === 'shipped' && !(change.carrier && change.trackingNumber)) {
    throw badRequest(FULFILMENT_MESSAGES.shippingNeedsTracking, {
      ...(change.carrier ? {} : { carrier: 'Give the carrier.' }),
      ...(change.trackingNumber ? {} : { trackingNumber: 'Give the tracking number.' }),
    });
  }
  const moved = await db.transaction(async (tx) => {
    const row = await changeStatus(tx, id, to === 'shipped' ? 'paid' : 'shipped', to, {
      actor: admin.email,
      note: change.note,
      changes: to === 'shipped' ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {},
    });
    if (row) await queueMail(tx, orderStatusChanged(row, to, change.note));
    return row;
  });
  if (!moved) throw await refusal(db, id, to);
  return presentOrder(db, moved);
}

/**
 * R-ORDER-REFUND: a paid or shipped order's money goes back through the processor, then the order becomes
 * refunded; its stock returns only if it never left the shop. The processor's refund is idempotent per
 * order, so an admin retrying after a failure never refunds twice.
 */
export async function refundOrder(
  db: Database,
  refundPayment: RefundPayment,
  admin: Viewer,
  id: string,
  note = '',
): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const problem = transitionProblem(order.status, 'refunded');
  if (problem) throw conflict(problem);
  const refundId = await refundPayment(id);
  const refunded = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    if (!locked || (locked.status !== 'paid' && locked.status !== 'shipped')) return undefined;
    const row = await changeStatus(tx, id, locked.status, 'refunded', {
      actor: admin.email,
      note: [`Refund ${refundId}.`, note].filter(Boolean).join(' '),
    });
    if (!row) return undefined;
    if (locked.status === 'paid' && row.productId) await releaseStock(tx, row.productId, row.quantity);
    await queueMail(tx, orderStatusChanged(row, 'refunded', note));
    return row;
  });
  if (!refunded) throw await refusal(db, id, 'refunded');
  return presentOrder(db, refunded);
}

/** PATCH /api/admin/orders/{id}: one status change asked by an admin, sent where its rules live. */
export function changeOrderStatus(
  db: Database,
  payments: { releasePayment: ReleasePayment; refundPayment: RefundPayment },
  admin: Viewer,
  id: string,
  change: OrderStatusChange,
): Promise<Order> {
  if (change.status === 'cancelled') return cancelAnyOrder(db, payments.releasePayment, admin, id);
  if (change.status === 'refunded') return refundOrder(db, payments.refundPayment, admin, id, change.note);
  if (change.status === 'paid') return Promise.reject(conflict(FULFILMENT_MESSAGES.onlyPaymentPays));
  return advance(db, admin, id, change);
}
