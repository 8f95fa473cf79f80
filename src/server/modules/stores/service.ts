import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { merchantStores } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import { type NewStore, STORE_MESSAGES, type Store, type StoreChange, type StoreList } from '#shared/store.ts';
import { namedPlace } from '../areas/places.ts';
import { findAreas } from '../rates/service.ts';
import {
  clearDefault,
  countInUse,
  defaultStore,
  hasAnyStore,
  lockMerchant,
  type StoreRow,
  storesInUse,
  storesWithIds,
} from './repository.ts';

export type { StoreRow } from './repository.ts';

/**
 * A merchant's stores (issue 41, R-STORES, decision 152), through the API key (`/api/v1/stores`) and on the
 * merchant page alike: listed, added, changed, archived. Each write is one transaction holding the
 * merchant's row, so the one default stays one.
 */

export const presentStore = (row: StoreRow): Store => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  address: row.address,
  area: namedPlace(row.areaId),
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A merchant that never had a store gets the pickup addresses of its application as its stores, the first
 * the default (the migration did so for the merchants of its day; a merchant approved since, here).
 */
async function firstStores(tx: Transaction, merchantId: string): Promise<void> {
  const merchant = await lockMerchant(tx, merchantId);
  if (!merchant || (await hasAnyStore(tx, merchantId))) return;
  const now = Date.now();
  const rows = merchant.pickupAddresses.map((pickup, at) => ({
    merchantId,
    name: pickup.name,
    phone: pickup.phone,
    address: pickup.address,
    areaId: pickup.areaId,
    isDefault: at === 0,
    // In the application's order, so the list shows them as the merchant gave them.
    createdAt: new Date(now + at),
  }));
  if (rows.length > 0) await tx.insert(merchantStores).values(rows);
}

/** The stores in use, made first from the application when the merchant never had any. */
async function storesOf(db: Database | Transaction, merchantId: string): Promise<StoreRow[]> {
  const stores = await storesInUse(db, merchantId);
  if (stores.length > 0 || (await hasAnyStore(db, merchantId))) return stores;
  return db.transaction(async (tx) => {
    await firstStores(tx, merchantId);
    return storesInUse(tx, merchantId);
  });
}

export async function listStores(db: Database, merchantId: string): Promise<StoreList> {
  return { stores: (await storesOf(db, merchantId)).map(presentStore) };
}

/** An area as typed (an id or a name) as the id kept, or 400 naming `areaId`. */
const areaIdOf = (typed: string) => findAreas({ areaId: typed }).areaId.id;

export async function addStore(db: Database, merchantId: string, input: NewStore): Promise<Store> {
  const areaId = areaIdOf(input.areaId);
  return db.transaction(async (tx) => {
    await firstStores(tx, merchantId);
    await lockMerchant(tx, merchantId);
    const inUse = await countInUse(tx, merchantId);
    if (inUse >= LIMITS.merchantStoresMax) throw conflict(STORE_MESSAGES.tooMany);
    // The first store in use is the default, whatever was asked: a booking must always have one.
    const isDefault = inUse === 0 || input.isDefault === true;
    if (isDefault) await clearDefault(tx, merchantId);
    const [row] = await tx
      .insert(merchantStores)
      .values({ merchantId, name: input.name, phone: input.phone, address: input.address, areaId, isDefault })
      .returning();
    if (!row) throw new Error('a store was not saved');
    return presentStore(row);
  });
}

/** One of the merchant's stores in use, held for a change; another merchant's, or an archived one, 404. */
async function storeInUse(tx: Transaction, merchantId: string, id: string): Promise<StoreRow> {
  await lockMerchant(tx, merchantId);
  const [row] = await storesWithIds(tx, merchantId, [id]);
  if (!row || row.archivedAt) throw notFound(STORE_MESSAGES.notFound);
  return row;
}

export async function changeStore(db: Database, merchantId: string, id: string, change: StoreChange): Promise<Store> {
  const areaId = change.areaId === undefined ? undefined : areaIdOf(change.areaId);
  return db.transaction(async (tx) => {
    const row = await storeInUse(tx, merchantId, id);
    // A default stays one until another is made it: unsetting it alone would leave bookings nowhere to go.
    if (change.isDefault === true && !row.isDefault) await clearDefault(tx, merchantId);
    const fields = Object.fromEntries(
      Object.entries({
        name: change.name,
        phone: change.phone,
        address: change.address,
        areaId,
        isDefault: change.isDefault === true ? true : undefined,
      }).filter(([, value]) => value !== undefined),
    );
    // Nothing to change (`isDefault: false` alone, or an empty body): the store as it is.
    if (Object.keys(fields).length === 0) return presentStore(row);
    const [changed] = await tx.update(merchantStores).set(fields).where(eq(merchantStores.id, row.id)).returning();
    if (!changed) throw notFound(STORE_MESSAGES.notFound);
    return presentStore(changed);
  });
}

/** Archives a store: it takes no new booking, its parcels keep it. The default cannot go (409). */
export async function archiveStore(db: Database, merchantId: string, id: string): Promise<Store> {
  return db.transaction(async (tx) => {
    const row = await storeInUse(tx, merchantId, id);
    if (row.isDefault) throw conflict(STORE_MESSAGES.archiveDefault);
    const [archived] = await tx
      .update(merchantStores)
      .set({ archivedAt: new Date() })
      .where(eq(merchantStores.id, row.id))
      .returning();
    if (!archived) throw notFound(STORE_MESSAGES.notFound);
    return presentStore(archived);
  });
}

/** Why a booking cannot be picked up at the store it named; the message its `storeId` field carries. */
export type StoreRefusal = (typeof STORE_MESSAGES)[keyof typeof STORE_MESSAGES];

/**
 * Where the merchant's parcels naming these stores are picked up (issue 41): each named store of the
 * merchant's in use, and the default for those naming none. A store of another merchant's is as unknown
 * as none; an archived one is refused. One read for a whole batch.
 */
export async function pickupStores(
  tx: Transaction,
  merchantId: string,
  named: (string | undefined)[],
): Promise<(storeId: string | undefined) => StoreRow | StoreRefusal> {
  const ids = [...new Set(named.filter((id): id is string => id !== undefined))];
  const found = new Map((await storesWithIds(tx, merchantId, ids)).map((row) => [row.id, row]));
  const fallback = named.some((id) => id === undefined)
    ? ((await defaultStore(tx, merchantId)) ?? (await storesOf(tx, merchantId))[0])
    : undefined;
  return (storeId) => {
    if (storeId === undefined) return fallback ?? STORE_MESSAGES.noStore;
    const row = found.get(storeId);
    if (!row) return STORE_MESSAGES.notFound;
    return row.archivedAt ? STORE_MESSAGES.archived : row;
  };
}

/** The refusal of a booking whose store cannot take it, on its `storeId`. */
export const storeRefused = (refusal: StoreRefusal) => badRequest(refusal, { storeId: refusal });
