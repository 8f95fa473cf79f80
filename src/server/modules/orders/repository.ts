import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

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

/**
 * Deletes an order only while it is unpaid (and, when given, only the user's own), in one statement:
 * a payment landing at the same moment either happens first, and the order stays, or finds no order.
 */
export async function deleteUnpaidOrder(tx: Transaction, id: string, userId?: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.paid, false), userId === undefined ? undefined : eq(orders.userId, userId)))
    .returning();
  return row;
}

/**
 * Marks an unpaid order paid in one statement, so a cancel (which deletes only unpaid orders) and a
 * payment can never both win. Undefined when the order is already paid or gone.
 */
export async function markOrderPaid(
  db: Database | Transaction,
  id: string,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paid: true, transactionId, payment: sql`${orders.id}::text`, paidAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning();
  return row;
}
