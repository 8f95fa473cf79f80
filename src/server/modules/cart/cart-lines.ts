import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { cartLines, products, user } from '#server/db/schema.ts';
import type { ProductRow } from '../products/stock.ts';

/**
 * Public file of the cart module: a customer's cart as checkout reads, locks and empties it in the
 * transaction that records its order (R-CHECKOUT, R-CART); the cart's own changes go through service.ts
 * (docs/decisions/0049).
 */

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

export async function clearCart(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
}
