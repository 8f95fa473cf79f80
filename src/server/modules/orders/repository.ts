import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderEvents, orders } from '#server/db/schema.ts';
import type { OrderStatus } from '#shared/order-status.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export async function insertOrder(tx: Transaction, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
}

export async function findOrder(db: Database | Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
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

/** Which unpaid order a cancel may touch: only the user's own, only one placed before a moment (expiry). */
export interface CancelScope {
  userId?: string;
  placedBefore?: Date;
}

/** What a status change writes on the order besides its status. */
export type OrderChanges = Partial<Pick<OrderRow, 'cancelledBy' | 'carrier' | 'trackingNumber'>>;

/**
 * Moves an order to `to` only while its status is one of `from` (and within the scope), in one
 * statement (R-ORDER-STATUS): of two changes racing (a payment and a cancel, two admins), the second
 * finds the order moved and changes nothing (undefined).
 */
export async function moveOrder(
  tx: Transaction,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  changes: OrderChanges = {},
  scope: CancelScope = {},
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes, status: to })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.status, [...from]),
        scope.userId === undefined ? undefined : eq(orders.userId, scope.userId),
        scope.placedBefore === undefined ? undefined : lt(orders.createdAt, scope.placedBefore),
      ),
    )
    .returning();
  return row;
}

/** The order, locked until `tx` ends: a refund reads its status and moves it with no change in between. */
export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/** A customer's unpaid orders, cancelled in the caller's transaction (their account is being deleted). */
export function cancelUnpaidOrdersOfUser(tx: Transaction, userId: string): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set({ status: 'cancelled', cancelledBy: 'shop' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'unpaid')))
    .returning();
}

/** Blanks the name and email the orders were placed under (the columns stay non-null for the books). */
export async function eraseCustomerFromOrdersOfUser(tx: Transaction, userId: string): Promise<void> {
  await tx.update(orders).set({ email: '', userName: '' }).where(eq(orders.userId, userId));
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

/** How many unpaid orders a customer holds, and how many units of one product they hold unpaid. */
export async function unpaidHoldings(
  tx: Transaction,
  userId: string,
  productId: string,
): Promise<{ orders: number; quantityOfProduct: number }> {
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      quantityOfProduct: sql<number>`coalesce(sum(${orders.quantity}) filter (where ${orders.productId} = ${productId}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'unpaid')));
  return row ?? { orders: 0, quantityOfProduct: 0 };
}

/**
 * Marks an unpaid order paid in one statement, so a cancel (which moves only unpaid orders) and a
 * payment can never both win. Undefined when the order is no longer unpaid, or gone.
 */
export async function markOrderPaid(
  db: Database | Transaction,
  id: string,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paid: true, status: 'paid', transactionId, payment: sql`${orders.id}::text`, paidAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}
