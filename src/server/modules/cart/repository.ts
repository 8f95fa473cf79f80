import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { cartLines, products } from '#server/db/schema.ts';
import type { ProductRow } from '../products/stock.ts';

export function findProducts(db: Database | Transaction, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(products).where(inArray(products.id, ids));
}

/** Sets a line's quantity; a new line keeps the price seen now, an existing one the price seen when it was added. */
export async function upsertCartLine(
  tx: Transaction,
  line: { userId: string; productId: string; quantity: number; seenPriceCents: number },
): Promise<void> {
  await tx
    .insert(cartLines)
    .values(line)
    .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity: sql`excluded.quantity` } });
}

export async function deleteCartLine(tx: Transaction, userId: string, productId: string): Promise<boolean> {
  const deleted = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)))
    .returning({ productId: cartLines.productId });
  return deleted.length > 0;
}
