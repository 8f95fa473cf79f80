import { centsToDollars } from '#shared/money.ts';
import type { Order, OrderEvent } from '#shared/order.ts';
import { formatOrderNumber } from '#shared/order-status.ts';
import type { OrderEventRow, OrderRow } from './repository.ts';

/**
 * The database row in the API's shape (R-API): `_id`, total price in dollars, payment fields only once
 * paid; beside the spec's fields its status, tracking and timeline (R-ORDER-STATUS).
 */
export function toOrder(row: OrderRow, events: OrderEventRow[] = []): Order {
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    productId: row.productId,
    name: row.name,
    picture: row.picture,
    price: centsToDollars(row.priceCents),
    email: row.email,
    userName: row.userName,
    quantity: row.quantity,
    paid: row.paid,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.payment ? { payment: row.payment } : {}),
    status: row.status,
    ...(row.cancelledBy ? { cancelledBy: row.cancelledBy } : {}),
    ...(row.carrier ? { carrier: row.carrier } : {}),
    ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
    timeline: events.map(toOrderEvent),
  };
}

function toOrderEvent(event: OrderEventRow): OrderEvent {
  return { at: event.at.toISOString(), by: event.actor, from: event.fromStatus, to: event.toStatus, note: event.note };
}

/** Orders with their timelines, read in one more query for the whole list. */
export function withTimelines(rows: OrderRow[], events: OrderEventRow[]): Order[] {
  const byOrder = new Map<string, OrderEventRow[]>();
  for (const event of events) byOrder.set(event.orderId, [...(byOrder.get(event.orderId) ?? []), event]);
  return rows.map((row) => toOrder(row, byOrder.get(row.id)));
}
