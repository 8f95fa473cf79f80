import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';

/**
 * Public file of the products module: a product as stored and its stock, as orders and carts read and
 * change it in their own transactions (R-STOCK, R-CHECKOUT, R-CART). The catalogue's own SQL stays in
 * repository.ts (docs/decisions/0049).
 */

export type ProductRow = typeof products.$inferSelect;

export async function findProduct(db: Database | Transaction, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * Takes `quantity` out of stock in one conditional statement, so concurrent orders can never
 * oversell: PostgreSQL re-checks the condition on the newest row version after waiting for a
 * competing update. Answers the product as it was reserved from, or nothing when the product is
 * unknown, the quantity is outside its range, the total is too large or the stock too small.
 */
export async function reserveStock(tx: Transaction, id: string, quantity: number): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(products.id, id),
        gte(products.availableQuantity, quantity),
        lte(products.minQuantity, quantity),
        gte(products.maxQuantity, quantity),
        sql`${products.priceCents}::bigint * ${quantity} <= ${LIMITS.priceMaxCents}`,
      ),
    )
    .returning();
  return row;
}

/**
 * These products, locked until `tx` ends, taken in the order of their ids: two checkouts of overlapping carts
 * queue on their first common product instead of each holding one the other waits for (R-CHECKOUT).
 */
export function lockProductsInIdOrder(tx: Transaction, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
}

/** Puts a cancelled order's quantity back; a product deleted meanwhile has no stock to return to. */
export async function releaseStock(tx: Transaction, id: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, id));
}
