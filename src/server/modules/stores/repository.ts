import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { merchantStores, merchants } from '#server/db/schema.ts';

export type StoreRow = typeof merchantStores.$inferSelect;
type Reader = Database | Transaction;

/** The merchant's stores in use: the default first, then the oldest; at most `merchantStoresMax` exist. */
export const storesInUse = (db: Reader, merchantId: string) =>
  db
    .select()
    .from(merchantStores)
    .where(and(eq(merchantStores.merchantId, merchantId), isNull(merchantStores.archivedAt)))
    .orderBy(desc(merchantStores.isDefault), asc(merchantStores.createdAt), asc(merchantStores.id));

/** Whether the merchant ever had a store, archived or not: one that never had any gets its application's. */
export async function hasAnyStore(db: Reader, merchantId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: merchantStores.id })
    .from(merchantStores)
    .where(eq(merchantStores.merchantId, merchantId))
    .limit(1);
  return found !== undefined;
}

/**
 * Holds the merchant's row until the transaction ends: writes to its stores (and their first making) go one
 * at a time, so two never both make a default.
 */
export async function lockMerchant(tx: Transaction, merchantId: string) {
  const [found] = await tx
    .select({ pickupAddresses: merchants.pickupAddresses })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for('update');
  return found;
}

/** The merchant's stores with these ids, archived or not; another merchant's are absent. */
export const storesWithIds = (db: Reader, merchantId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as StoreRow[])
    : db
        .select()
        .from(merchantStores)
        .where(and(eq(merchantStores.merchantId, merchantId), inArray(merchantStores.id, ids)));

export async function defaultStore(db: Reader, merchantId: string): Promise<StoreRow | undefined> {
  const [found] = await db
    .select()
    .from(merchantStores)
    .where(and(eq(merchantStores.merchantId, merchantId), eq(merchantStores.isDefault, true), isNull(merchantStores.archivedAt)));
  return found;
}

export async function countInUse(tx: Transaction, merchantId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(merchantStores)
    .where(and(eq(merchantStores.merchantId, merchantId), isNull(merchantStores.archivedAt)));
  return row?.count ?? 0;
}

/** The merchant's default no longer default: done before another becomes it (one default, by the unique index). */
export const clearDefault = (tx: Transaction, merchantId: string) =>
  tx
    .update(merchantStores)
    .set({ isDefault: false })
    .where(and(eq(merchantStores.merchantId, merchantId), eq(merchantStores.isDefault, true)));
