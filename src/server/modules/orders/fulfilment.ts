import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { ORDER_ADDRESS_MESSAGES, type Order, type OrderStatusChange } from '#shared/order.ts';
import { ADDRESS_OPEN_STATUSES, type OrderStatus, STATUS_WORDS, transitionProblem } from '#shared/order-status.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { englishText } from '#shared/translate.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { orderStatusChanged } from './mails.ts';
import { shippingColumns } from './mapping.ts';
import { findOrder, type OrderRow } from './order-row.ts';
import { lockOrder, updateShippingAddress } from './repository.ts';
import { addTimelineNote, cancelAnyOrder, ORDER_NOT_FOUND, presentOrder, type ReleasePayment } from './service.ts';

/** Gives a paid order's money back through the processor that took it; answers the processor's refund id. */
export type RefundPayment = (orderId: string) => Promise<string>;

export const FULFILMENT_MESSAGES = {
  shippingNeedsTracking: /*i18n*/ 'To mark an order shipped, give its carrier and tracking number.',
  onlyPaymentPays: /*i18n*/ 'Only a confirmed card payment makes an order paid.',
  noAddress: /*i18n*/ 'This order has no delivery address yet: add one before marking it shipped.',
  addressAdded: /*i18n*/ 'Delivery address added.',
  addressChanged: /*i18n*/ 'Delivery address changed.',
} as const;

/** Why an order in `status` no longer takes a delivery address (R-ORDER-ADDRESS). */
export const addressClosedMessage = (status: OrderStatus) =>
  englishText(/*i18n*/ 'This order is {status}: its delivery address can no longer change.', { status });

/** Why `order` cannot move to `to`: 404 when it does not exist, 409 with the reason otherwise. */
async function refusal(db: Database | Transaction, id: string, to: Order['status']): Promise<Error> {
  const order = await findOrder(db, id);
  if (!order) return notFound(ORDER_NOT_FOUND);
  return conflict(
    transitionProblem(order.status, to) ??
      englishText(/*i18n*/ 'This order changed meanwhile: it is now {status}.', { status: STATUS_WORDS[order.status] }),
  );
}

/**
 * R-ORDER-ADDRESS, in the caller's transaction: gives an order not shipped yet its delivery address, with a
 * line on its timeline (the address itself stays off the timeline, which outlives a deleted account's data).
 */
async function giveAddress(tx: Transaction, admin: Viewer, id: string, address: ShippingAddress, note = ''): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!ADDRESS_OPEN_STATUSES.includes(order.status)) throw conflict(addressClosedMessage(order.status));
  const columns = shippingColumns(address);
  await updateShippingAddress(tx, id, columns);
  const what = order.shippingAddress === null ? FULFILMENT_MESSAGES.addressAdded : FULFILMENT_MESSAGES.addressChanged;
  await addTimelineNote(tx, order, admin.email, [what, note].filter(Boolean).join(' '));
  return { ...order, ...columns };
}

/**
 * R-ORDER-STATUS, Manage Orders: paid → shipped (with carrier and tracking number and a delivery address,
 * R-ORDER-ADDRESS), shipped → delivered. The address given with it, the move, its timeline lines and the
 * customer's mail are one transaction: a refused move keeps no new address either.
 */
async function advance(
  lifecycle: OrderLifecycle,
  admin: Viewer,
  id: string,
  to: OrderStatus,
  change: OrderStatusChange,
): Promise<Order> {
  const { db } = lifecycle;
  if (to !== 'shipped' && to !== 'delivered') throw await refusal(db, id, to);
  if (to === 'shipped' && !(change.carrier && change.trackingNumber)) {
    throw badRequest(FULFILMENT_MESSAGES.shippingNeedsTracking, {
      ...(change.carrier ? {} : { carrier: 'Give the carrier.' }),
      ...(change.trackingNumber ? {} : { trackingNumber: 'Give the tracking number.' }),
    });
  }
  const moved = await lifecycle.change(async (moves) => {
    const { tx } = moves;
    if (to === 'shipped') {
      const order = change.shippingAddress ? await giveAddress(tx, admin, id, change.shippingAddress) : await lockOrder(tx, id);
      if (order?.status === 'paid' && order.shippingAddress === null) throw conflict(FULFILMENT_MESSAGES.noAddress);
    }
    const [row] = await moves.move(
      { id },
      {
        to,
        actor: admin.email,
        note: change.note,
        changes: to === 'shipped' ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {},
        mail: (order) => orderStatusChanged(order, to, change.note),
      },
    );
    if (!row) throw await refusal(tx, id, to);
    return row.order;
  });
  return presentOrder(db, moved);
}

/**
 * R-ORDER-REFUND: a paid or shipped order's money goes back through the processor, then the order becomes
 * refunded; its stock returns only if it never left the shop. The processor's refund is idempotent per
 * order, so an admin retrying after a failure never refunds twice.
 */
export async function refundOrder(
  lifecycle: OrderLifecycle,
  refundPayment: RefundPayment,
  admin: Viewer,
  id: string,
  note = '',
): Promise<Order> {
  const { db } = lifecycle;
  const order = await findOrder(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const problem = transitionProblem(order.status, 'refunded');
  if (problem) throw conflict(problem);
  const refundId = await refundPayment(id);
  const [refunded] = await lifecycle.change((moves) =>
    moves.move(
      { id },
      {
        to: 'refunded',
        actor: admin.email,
        note: [`Refund ${refundId}.`, note].filter(Boolean).join(' '),
        mail: (row) => orderStatusChanged(row, 'refunded', note),
      },
    ),
  );
  if (!refunded) throw await refusal(db, id, 'refunded');
  return presentOrder(db, refunded.order);
}

/** PATCH /api/admin/orders/{id}: one status change or delivery address asked by an admin, sent where its rules live. */
export function changeOrderStatus(
  lifecycle: OrderLifecycle,
  payments: { releasePayment: ReleasePayment; refundPayment: RefundPayment },
  admin: Viewer,
  id: string,
  change: OrderStatusChange,
): Promise<Order> {
  const { status, shippingAddress } = change;
  if (!status) {
    if (shippingAddress) return addAddress(lifecycle.db, admin, id, shippingAddress, change.note);
    return Promise.reject(badRequest(ORDER_ADDRESS_MESSAGES.nothingToChange));
  }
  if (status === 'cancelled') return cancelAnyOrder(lifecycle, payments.releasePayment, admin, id);
  if (status === 'refunded') return refundOrder(lifecycle, payments.refundPayment, admin, id, change.note);
  if (status === 'paid') return Promise.reject(conflict(FULFILMENT_MESSAGES.onlyPaymentPays));
  return advance(lifecycle, admin, id, status, change);
}

/** R-ORDER-ADDRESS, Manage Orders' "Add address": the address alone, in its own transaction. */
async function addAddress(db: Database, admin: Viewer, id: string, address: ShippingAddress, note?: string): Promise<Order> {
  const row = await db.transaction((tx) => giveAddress(tx, admin, id, address, note));
  return presentOrder(db, row);
}
