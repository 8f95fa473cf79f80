import { centsToDollars } from '#shared/money.ts';
import type { Order, OrderEvent, OrderLine } from '#shared/order.ts';
import { formatOrderNumber } from '#shared/order-status.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import type { OrderRow } from './order-row.ts';
import type { OrderEventRow, OrderLineRow } from './repository.ts';

/**
 * The database row in the API's shape (R-API): `_id`, total price in dollars, payment fields only once
 * paid; beside those fields its status, tracking and timeline (R-ORDER-STATUS) and its lines (R-CHECKOUT).
 */
export function toOrder(row: OrderRow, events: OrderEventRow[], lines: OrderLineRow[]): Order {
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
    placedAt: row.createdAt.toISOString(),
    ...(row.cancelledBy ? { cancelledBy: row.cancelledBy } : {}),
    ...(row.carrier ? { carrier: row.carrier } : {}),
    ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
    shippingAddress: shippingAddressOf(row),
    timeline: events.map(toOrderEvent),
    lines: lines.map(toOrderLine),
  };
}

function toOrderLine(line: OrderLineRow): OrderLine {
  return {
    productId: line.productId,
    name: line.name,
    picture: line.picture,
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    price: centsToDollars(line.priceCents),
  };
}

/** Every product an order holds: the ones whose stock and public pages its changes touch. */
export function productIdsOf(order: Pick<Order, 'lines'>): string[] {
  return order.lines.flatMap((line) => (line.productId ? [line.productId] : []));
}

/** R-ORDER-ADDRESS: the copy the order keeps; the database keeps its three columns whole or empty. */
function shippingAddressOf(row: OrderRow): ShippingAddress | null {
  if (row.shippingName === null || row.shippingAddress === null || row.shippingPhone === null) return null;
  return { name: row.shippingName, address: row.shippingAddress, phone: row.shippingPhone };
}

/** The columns that hold a delivery address, as the order row spells them. */
export function shippingColumns(address: ShippingAddress | null) {
  return {
    shippingName: address?.name ?? null,
    shippingAddress: address?.address ?? null,
    shippingPhone: address?.phone ?? null,
  };
}

function toOrderEvent(event: OrderEventRow): OrderEvent {
  return { at: event.at.toISOString(), by: event.actor, from: event.fromStatus, to: event.toStatus, note: event.note };
}

/** Orders with their timelines and lines, each read in one more query for the whole list. */
export function withTimelinesAndLines(rows: OrderRow[], events: OrderEventRow[], lines: OrderLineRow[]): Order[] {
  const eventsOf = groupByOrder(events);
  const linesOf = groupByOrder(lines);
  return rows.map((row) => toOrder(row, eventsOf.get(row.id) ?? [], linesOf.get(row.id) ?? []));
}

/** Lines or timeline events by the order they belong to, each order's in the order read. */
export function groupByOrder<T extends { orderId: string }>(items: T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return byOrder;
}
