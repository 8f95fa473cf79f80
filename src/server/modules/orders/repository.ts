import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import { orderEvents, orderLines, orders } from '#server/db/schema.ts';
import { type AdminOrdersFilter, orderSearchTerms } from '#shared/admin-orders.ts';
import type { OrderRow } from './order-row.ts';

export type NewOrderRow = typeof orders.$inferInsert;

export async function insertOrder(tx: Transaction, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
}

export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId' | 'position'>;

/** An order's lines, numbered in the order given (R-CHECKOUT). */
export async function insertOrderLines(tx: Transaction, orderId: string, lines: NewOrderLine[]): Promise<void> {
  await tx.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId, position })));
}

/**
 * Gives orders written with their product columns only (seeded, or older tools) their one line, copied from
 * those columns as migration 0009 did for the orders placed before checkout.
 */
export async function addOneLineEach(db: Database | Transaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.insert(orderLines).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        orderId: orders.id,
        productId: orders.productId,
        name: orders.name,
        picture: orders.picture,
        quantity: orders.quantity,
        unitPriceCents: orders.unitPriceCents,
        priceCents: orders.priceCents,
        position: sql<number>`0`.as('position'),
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
  );
}

/** The lines of these orders, each order's in its own order. */
export function listLinesOfOrders(db: Database | Transaction, orderIds: string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

/**
 * What orders give back to stock: their lines' products and quantities, by product id, the order in which
 * every transaction that touches several products takes their rows (R-CHECKOUT: no deadlocks).
 */
export function stockOfOrders(tx: Transaction, orderIds: string[]): Promise<{ productId: string | null; quantity: number }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.productId));
}

/** R-ORDER-NUMBER: the one order with this number, through its unique index. */
export async function findOrderByNumber(db: Database, number: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return row;
}

/** Newest first. */
export function listOrdersOfUser(db: Database, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Newest first. */
export function listAllOrders(db: Database): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * R-ORDERS-ADMIN: the orders a Manage Orders filter selects. The number is found through its unique
 * index, a part of the email through the email's trigram index (decision 0034).
 */
function adminFilterWhere(filter: AdminOrdersFilter): SQL | undefined {
  const search = filter.q === undefined ? undefined : orderSearchTerms(filter.q);
  return and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    search
      ? or(
          search.number === undefined ? undefined : eq(orders.number, search.number),
          ilike(orders.email, containsPattern(search.emailPart)),
        )
      : undefined,
  );
}

/** Newest first, ties broken by id, so an order never shows on two pages or on none. */
const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];

/** One page of the orders a filter selects, newest first, and how many it selects in all. */
export async function pageOfOrders(
  db: Database,
  filter: AdminOrdersFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = adminFilterWhere(filter);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit)
    .offset(page.offset);
  // A first page with room left holds every match; otherwise counting them is one more query.
  if (page.offset === 0 && rows.length < page.limit) return { rows, total: rows.length };
  const [counted] = await db.select({ total: count() }).from(orders).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Where a walk through the filtered orders stopped: the last order's creation time as PostgreSQL's
 * own text (a JS Date would cut its microseconds, and the walk would repeat or skip orders) and its id.
 */
export interface OrdersCursor {
  createdAt: string;
  id: string;
}

/** The next `limit` orders a filter selects after `cursor`, newest first: the CSV reads them a batch at a time. */
export async function ordersAfter(
  db: Database,
  filter: AdminOrdersFilter,
  cursor: OrdersCursor | undefined,
  limit: number,
): Promise<{ rows: OrderRow[]; cursor: OrdersCursor | undefined }> {
  const found = await db
    .select({ order: orders, createdAtText: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(
      and(
        adminFilterWhere(filter),
        cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  const last = found.at(-1);
  return {
    rows: found.map(({ order }) => order),
    cursor: last ? { createdAt: last.createdAtText, id: last.order.id } : undefined,
  };
}

/** What an admin's new delivery address writes (R-ORDER-ADDRESS). */
export type ShippingColumns = Pick<OrderRow, 'shippingName' | 'shippingAddress' | 'shippingPhone'>;

/** Writes the order's delivery address; the caller holds the order's lock and has checked its status. */
export async function updateShippingAddress(tx: Transaction, id: string, columns: ShippingColumns): Promise<void> {
  await tx.update(orders).set(columns).where(eq(orders.id, id));
}

/** The order, locked until `tx` ends: a refund reads its status and moves it with no change in between. */
export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/**
 * Blanks the name and email the orders were placed under (the columns stay non-null for the books) and
 * drops their delivery addresses (R-ORDER-ADDRESS).
 */
export async function eraseCustomerFromOrdersOfUser(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ email: '', userName: '', shippingName: null, shippingAddress: null, shippingPhone: null })
    .where(eq(orders.userId, userId));
}

/** One line of an order's timeline, written in the transaction of the change (R-ORDER-TIMELINE). */
export async function insertOrderEvent(tx: Transaction, event: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** The timelines of these orders, oldest line first. */
export function listEventsOfOrders(db: Database | Transaction, orderIds: string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

export function listUnpaidOrderIdsOfUser(db: Database, userId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'unpaid')));
}

/** Unpaid orders placed before `placedBefore`, oldest first: the ones whose hold has run out (R-HOLD). */
export function listUnpaidOrdersPlacedBefore(db: Database, placedBefore: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.createdAt, placedBefore)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/**
 * Makes one customer's orders wait for each other until commit, so their unpaid-order limits are
 * counted on committed rows only (R-HOLD); other customers' orders do not wait.
 */
export async function lockOrdersOfUser(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${userId}))`);
}

/**
 * True for the one instance that may sweep expired orders until `tx` ends; false while another holds
 * the sweep. Any constant key works, as long as every instance sharing the database uses the same.
 */
export async function takeExpirySweep(tx: Transaction): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(727004) as taken`)) as unknown as {
    rows: { taken: boolean }[];
  };
  return result.rows[0]?.taken === true;
}

/**
 * How many unpaid orders a customer holds, and how many units of each of these products they hold
 * unpaid, over every line of those orders (R-HOLD).
 */
export async function unpaidHoldings(
  tx: Transaction,
  userId: string,
  productIds: string[],
): Promise<{ orders: number; quantityOf: (productId: string) => number }> {
  const unpaid = and(eq(orders.userId, userId), eq(orders.status, 'unpaid'));
  const [counted] = await tx.select({ orders: count() }).from(orders).where(unpaid);
  const held = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(unpaid, inArray(orderLines.productId, productIds)))
    .groupBy(orderLines.productId);
  const byProduct = new Map(held.map((row) => [row.productId, row.quantity]));
  return { orders: counted?.orders ?? 0, quantityOf: (productId) => byProduct.get(productId) ?? 0 };
}
