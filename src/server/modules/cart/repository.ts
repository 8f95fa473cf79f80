import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { cartLines, products, user } from '#server/db/schema.ts';
import type { ProductRow } from '../products/stock.ts';

export interface StoredCartLine {
  product: ProductRow;
  quantity: number;
  seenPriceCents: number;
}

/** The customer's lines with their products as they are now, oldest first (the order they were added). */
export async function listCartLines(db: Database | Transaction, userId: string): Promise<StoredCartLine[]> {
  const rows = await db
    .select({ product: products, quantity: cartLines.quantity, seenPriceCents: cartLines.seenPriceCents })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
  return rows;
}

/**
 * Every change to one customer's cart runs after this in its transaction: two devices changing the same
 * cart at once take turns, so a merge's sum is never lost (R-CART).
 */
export async function lockCartOwner(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

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

export async function clearCart(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
}
