import { type CancelledBy, formatOrderNumber } from '#shared/order-status.ts';
import type { MailEvent, OrderFacts, StatusFacts } from '../mail/outbox.ts';
import type { OrderRow } from './order-row.ts';

/**
 * Public file of the orders module: the mails an order's moves send, built from the order as stored
 * (R-MAIL-CONTENT). Here and not in the mail module, so the outbox knows no order: payments take the
 * receipt from here for the move to paid.
 */

function orderFacts(order: OrderRow): OrderFacts {
  return {
    customerName: order.userName,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    product: order.name,
    quantity: order.quantity,
    totalCents: order.priceCents,
  };
}

/** Buy Now's mail: what was ordered and the link to pay. */
export function orderReceived(order: OrderRow): MailEvent {
  return { kind: 'order-received', to: order.email, data: orderFacts(order) };
}

/** The receipt of an order just marked paid. */
export function paymentReceipt(order: OrderRow): MailEvent {
  const paidAt = (order.paidAt ?? new Date()).toISOString();
  return {
    kind: 'payment-receipt',
    to: order.email,
    data: { ...orderFacts(order), transactionId: order.transactionId ?? '', paidAt },
  };
}

/** An unpaid order cancelled by its customer, the shop's admin, or the unpaid-order expiry (R-HOLD). */
export function orderCancelled(order: OrderRow, by: CancelledBy): MailEvent {
  return { kind: 'order-cancelled', to: order.email, data: { ...orderFacts(order), by } };
}

/** An order shipped, delivered or refunded (R-ORDER-STATUS): each change tells the customer. */
export function orderStatusChanged(order: OrderRow, status: StatusFacts['status'], note = ''): MailEvent {
  return {
    kind: 'order-status',
    to: order.email,
    data: { ...orderFacts(order), status, carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '', note },
  };
}
