import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orderLines, orders, products } from '#server/db/schema.ts';
import type { OrderStatus } from '#shared/order-status.ts';

/** Sales (R-OVERVIEW): money taken and kept. `paid` stays true after a refund, so refunded orders are left out by status. */
const kept = and(eq(orders.paid, true), ne(orders.status, 'refunded'));

/** The UTC day an order was paid, as YYYY-MM-DD. */
const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Paid orders and their money per UTC day, for the days from `since` on; days without sales are absent. */
export function salesByDay(db: Database, since: Date): Promise<{ day: string; orders: number; revenueCents: number }[]> {
  return db
    .select({
      day: paidDay,
      orders: sql<number>`count(*)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${orders.priceCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(kept, gte(orders.paidAt, since)))
    .groupBy(paidDay);
}

export function countOrdersByStatus(db: Database): Promise<{ status: OrderStatus; orders: number }[]> {
  return db
    .select({ status: orders.status, orders: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);
}

/** Products at or below their minimum order quantity, the emptiest first, and how many there are in all. */
export async function lowStockProducts(db: Database, limit: number) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      availableQuantity: products.availableQuantity,
      minQuantity: products.minQuantity,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .where(lte(products.availableQuantity, products.minQuantity))
    .orderBy(asc(products.availableQuantity), asc(products.name))
    .limit(limit);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The products sold most (units, then money) in paid orders kept since `since`, counted by order line (R-CHECKOUT). */
export function bestSellers(db: Database, since: Date, limit: number) {
  const units = sql<number>`sum(${orderLines.quantity})`.mapWith(Number);
  const revenueCents = sql<number>`sum(${orderLines.priceCents})`.mapWith(Number);
  return db
    .select({ productId: orderLines.productId, name: orderLines.name, units, revenueCents })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(kept, gte(orders.paidAt, since)))
    .groupBy(orderLines.productId, orderLines.name)
    .orderBy(desc(units), desc(revenueCents), asc(orderLines.name))
    .limit(limit);
}
