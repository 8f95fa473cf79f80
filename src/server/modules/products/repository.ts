import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductChanges = Pick<
  NewProductRow,
  'name' | 'priceCents' | 'description' | 'minQuantity' | 'maxQuantity' | 'availableQuantity' | 'picture'
>;

/** Oldest first: the spec's home grid takes the list as the API returns it and shows the last 8 reversed. */
export function listProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(products.createdAt, products.id);
}

export async function findProduct(db: Database | Transaction, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function insertProduct(db: Database, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no product');
  return row;
}

export async function updateProduct(db: Database, id: string, changes: ProductChanges): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
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

/** Puts a cancelled order's quantity back; a product deleted meanwhile has no stock to return to. */
export async function releaseStock(tx: Transaction, id: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, id));
}
