import type { Database } from '#server/db/client.ts';
import { csvRow } from '#server/http/csv.ts';
import type { AdminOrdersFilter } from '#shared/admin-orders.ts';
import { plainDollars } from '#shared/money.ts';
import { formatOrderNumber } from '#shared/order-status.ts';
import { groupByOrder } from './mapping.ts';
import type { OrderRow } from './order-row.ts';
import { listLinesOfOrders, type OrderLineRow, type OrdersCursor, ordersAfter } from './repository.ts';

/** Orders read per query: the CSV of 100,000 orders holds one batch in memory at a time. */
const BATCH = 1000;

export const ORDERS_CSV_HEADINGS = [
  'Order',
  'Placed at (UTC)',
  'Paid at (UTC)',
  'Status',
  'Customer',
  'Email',
  'Product',
  'Quantity',
  'Unit price',
  'Line total',
  'Order total',
  'Delivery name',
  'Delivery address',
  'Delivery phone',
  'Carrier',
  'Tracking number',
  'Transaction id',
  'Cancelled by',
] as const;

/** What a CSV row needs of a line: an order line, or the order's own product columns (decision 0037). */
type LineCells = Pick<OrderLineRow, 'name' | 'quantity' | 'unitPriceCents' | 'priceCents'>;

function orderLineCells(order: OrderRow, line: LineCells) {
  return [
    formatOrderNumber(order.number),
    order.createdAt.toISOString(),
    order.paidAt?.toISOString(),
    order.status,
    order.userName,
    order.email,
    line.name,
    line.quantity,
    plainDollars(line.unitPriceCents / 100),
    plainDollars(line.priceCents / 100),
    plainDollars(order.priceCents / 100),
    order.shippingName,
    order.shippingAddress,
    order.shippingPhone,
    order.carrier,
    order.trackingNumber,
    order.transactionId,
    order.cancelledBy,
  ];
}

/** An order's rows: one per line, each with its own unit price, as an accountant books them. */
function orderCsvRows(order: OrderRow, lines: OrderLineRow[]): string {
  const booked: LineCells[] = lines.length > 0 ? lines : [order];
  return booked.map((line) => csvRow(orderLineCells(order, line))).join('');
}

/**
 * R-ORDERS-ADMIN: the filtered orders as CSV, one row per order line, newest order first like Manage
 * Orders, read and written a batch at a time (each batch goes on after the last order of the one before),
 * so memory stays flat.
 */
export async function* ordersCsv(db: Database, filter: AdminOrdersFilter): AsyncGenerator<string> {
  yield csvRow(ORDERS_CSV_HEADINGS);
  let cursor: OrdersCursor | undefined;
  do {
    const batch = await ordersAfter(db, filter, cursor, BATCH);
    if (batch.rows.length > 0) {
      const ids = batch.rows.map((row) => row.id);
      const lines = groupByOrder(await listLinesOfOrders(db, ids));
      yield batch.rows.map((row) => orderCsvRows(row, lines.get(row.id) ?? [])).join('');
    }
    cursor = batch.rows.length === BATCH ? batch.cursor : undefined;
  } while (cursor);
}

/** The file name the browser saves the CSV under: the day, and the filter when there is one. */
export function ordersCsvFileName(filter: AdminOrdersFilter, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `orders-${day}${filter.status ? `-${filter.status}` : ''}.csv`;
}
