import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

/**
 * Public file of the orders module: an order as stored, read by its id. Payments check a payment against
 * it (R-PAYMENT) before they move the order through lifecycle.ts; the rest of the orders' SQL stays in
 * repository.ts (docs/decisions/0049).
 */

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Database | Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}
