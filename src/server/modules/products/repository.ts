import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/** Oldest first: the spec's home grid takes the list as the API returns it and shows the last 8 reversed. */
export function listProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(products.createdAt, products.id);
}

export async function findProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function insertProduct(db: Database, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no product');
  return row;
}
