import type { Database } from '#server/db/client.ts';
import { csvRow } from '#server/http/csv.ts';
import type { AdminOrdersFilter } from '#shared/admin-orders.ts';
import { formatDollars } from '#shared/money.ts';
import { formatOrderNumber } from '#shared/order-status.ts';
import type { OrderRow } from './order-row.ts';
import { type OrdersCursor, ordersAfter } from './repository.ts';

/** Orders read per query: the CSV of 100,000 orders holds one batch in memory at a time. */
const BATCH = 1000;

export const ORDERS_CSV_HEADINGS = [
  'Order',
  'Placed at (UTC)',
  'Status',
  'Customer',
  'Email',
  'Product',
  'Quantity',
  'Unit price',
  'Total',
  'Paid at (UTC)',
  'Transaction id',
  'Carrier',
  'Tracking number',
  'Cancelled by',
] as const;

function ordersCsvCells(row: OrderRow) {
  return [
    formatOrderNumber(row.number),
    row.createdAt.toISOString(),
    row.status,
    row.userName,
    row.email,
    row.name,
    row.quantity,
    formatDollars(row.unitPriceCents / 100),
    formatDollars(row.priceCents / 100),
    row.paidAt?.toISOString(),
    row.transactionId,
    row.carrier,
    row.trackingNumber,
    row.cancelledBy,
  ];
}

/**
 * R-ORDERS-ADMIN: the filtered orders as CSV, newest first like Manage Orders, read and written a batch
 * at a time (each batch goes on after the last order of the one before), so memory stays flat.
 */
export async function* ordersCsv(db: Database, filter: AdminOrdersFilter): AsyncGenerator<string> {
  yield csvRow(ORDERS_CSV_HEADINGS);
  let cursor: OrdersCursor | undefined;
  do {
    const batch = await ordersAfter(db, filter, cursor, BATCH);
    if (batch.rows.length > 0) yield batch.rows.map((row) => csvRow(ordersCsvCells(row))).join('');
    cursor = batch.rows.length === BATCH ? batch.cursor : undefined;
  } while (cursor);
}

/** The file name the browser saves the CSV under: the day, and the filter when there is one. */
export function ordersCsvFileName(filter: AdminOrdersFilter, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `orders-${day}${filter.status ? `-${filter.status}` : ''}.csv`;
}
