import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { bagExtraParcels, bagParcels, bags, consignments } from '#server/db/schema.ts';
import { CURSOR_SHAPES, readCursor, writeCursor } from '#server/http/keyset-cursor.ts';
import type { BagParcelView, BagStatus } from '#shared/bag.ts';
import type { ConsignmentStatus } from '#shared/consignment-status.ts';
import type { HubId } from '#shared/hubs.ts';

export type BagRow = typeof bags.$inferSelect;
type Handle = Database | Transaction;

/** A bag's counts as its page and list show them: parcels in it, received at arrival, extra. */
const parcelsIn = sql<number>`(select count(*)::int from ${bagParcels} where ${bagParcels.bagId} = ${bags.id})`;
const receivedOf = sql<number>`(select count(*)::int from ${bagParcels} where ${bagParcels.bagId} = ${bags.id} and ${bagParcels.receivedAt} is not null)`;
const extraOf = sql<number>`(select count(*)::int from ${bagExtraParcels} where ${bagExtraParcels.bagId} = ${bags.id})`;
const countedBag = {
  bag: bags,
  parcels: parcelsIn,
  received: receivedOf,
  extra: extraOf,
  createdAtText: sql<string>`${bags.createdAt}::text`,
};
export type CountedBag = { bag: BagRow; parcels: number; received: number; extra: number };

export async function insertBag(
  tx: Handle,
  bag: { code: string; origin: HubId; destination: HubId; openedBy: string },
): Promise<BagRow> {
  const [row] = await tx.insert(bags).values(bag).returning();
  if (!row) throw new Error('a bag was not inserted');
  return row;
}

/** The bag with this code, locked until the transaction ends: its parcels change one scan at a time. */
export async function lockBag(tx: Transaction, code: string): Promise<BagRow | undefined> {
  const [row] = await tx.select().from(bags).where(eq(bags.code, code)).for('update').limit(1);
  return row;
}

export async function findCountedBag(db: Handle, code: string): Promise<CountedBag | undefined> {
  const [row] = await db.select(countedBag).from(bags).where(eq(bags.code, code)).limit(1);
  return row;
}

/** Bags newest first, a keyset page at a time (decision 126); with a hub, those leaving from or going to it. */
export async function bagPage(db: Database, filter: { hub?: HubId; cursor?: string }, size: number) {
  const conditions: SQL[] = [];
  if (filter.hub) conditions.push(or(eq(bags.origin, filter.hub), eq(bags.destination, filter.hub)) as SQL);
  if (filter.cursor) {
    const [createdAt, id] = readCursor(filter.cursor, [CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid]);
    conditions.push(sql`(${bags.createdAt}, ${bags.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const found = await db
    .select(countedBag)
    .from(bags)
    .where(and(...conditions))
    .orderBy(desc(bags.createdAt), desc(bags.id))
    .limit(size + 1);
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > size && last ? writeCursor([last.createdAtText, last.bag.id]) : null };
}

export async function setBagStatus(tx: Transaction, id: string, status: BagStatus): Promise<void> {
  const when = sql`now()`;
  await tx
    .update(bags)
    .set({
      status,
      ...(status === 'closed' ? { closedAt: when } : {}),
      ...(status === 'open' ? { closedAt: null } : {}),
      ...(status === 'dispatched' ? { dispatchedAt: when } : {}),
      ...(status === 'arrived' ? { arrivedAt: when } : {}),
    })
    .where(eq(bags.id, id));
}

export async function parcelCount(tx: Transaction, bagId: string): Promise<number> {
  const [row] = await tx.select({ parcels: count() }).from(bagParcels).where(eq(bagParcels.bagId, bagId));
  return row?.parcels ?? 0;
}

/** The bag a parcel is carried in now (R-BAGS: one at most), by its code. */
export async function carryingBag(tx: Transaction, consignmentId: string): Promise<{ bagId: string; code: string } | undefined> {
  const [row] = await tx
    .select({ bagId: bags.id, code: bags.code })
    .from(bagParcels)
    .innerJoin(bags, eq(bags.id, bagParcels.bagId))
    .where(and(eq(bagParcels.consignmentId, consignmentId), eq(bagParcels.carried, true)))
    .limit(1);
  return row;
}

export async function putInBag(tx: Transaction, bagId: string, consignmentId: string, addedBy: string): Promise<void> {
  await tx.insert(bagParcels).values({ bagId, consignmentId, addedBy });
}

/** Takes a parcel out of a bag; false when it was not in it. */
export async function takeOutOfBag(tx: Transaction, bagId: string, consignmentId: string): Promise<boolean> {
  const removed = await tx
    .delete(bagParcels)
    .where(and(eq(bagParcels.bagId, bagId), eq(bagParcels.consignmentId, consignmentId)))
    .returning({ id: bagParcels.consignmentId });
  return removed.length > 0;
}

/** The ids of a bag's parcels: at most a bag's limit (LIMITS.bagMaxParcels). */
export async function bagParcelIds(tx: Transaction, bagId: string): Promise<string[]> {
  const rows = await tx.select({ id: bagParcels.consignmentId }).from(bagParcels).where(eq(bagParcels.bagId, bagId));
  return rows.map((row) => row.id);
}

/** At arrival, the bag carries its parcels no more: each may go in another bag. */
export async function endCarrying(tx: Transaction, bagId: string): Promise<void> {
  await tx.update(bagParcels).set({ carried: false }).where(eq(bagParcels.bagId, bagId));
}

/** A parcel scanned out of the bag at arrival: true when it was in it (the first scan or a repeat). */
export async function markReceived(tx: Transaction, bagId: string, consignmentId: string): Promise<boolean> {
  const found = await tx
    .update(bagParcels)
    .set({ receivedAt: sql`coalesce(${bagParcels.receivedAt}, now())` })
    .where(and(eq(bagParcels.bagId, bagId), eq(bagParcels.consignmentId, consignmentId)))
    .returning({ id: bagParcels.consignmentId });
  return found.length > 0;
}

export async function recordExtra(tx: Transaction, bagId: string, consignmentId: string, scannedBy: string): Promise<void> {
  await tx.insert(bagExtraParcels).values({ bagId, consignmentId, scannedBy }).onConflictDoNothing();
}

/** A parcel of a bag as kept: the service names its area. */
export interface BaggedParcel {
  trackingCode: string;
  status: ConsignmentStatus;
  recipientAreaId: string;
  weightGrams: number;
  codAmount: number;
  received: boolean;
}

const parcelColumns = {
  trackingCode: consignments.trackingCode,
  status: consignments.status,
  recipientAreaId: consignments.recipientAreaId,
  weightGrams: consignments.weightGrams,
  codAmount: consignments.codAmount,
};

/**
 * A page of a bag's parcels in the order they went in (or, for the extra ones, were scanned), walked by
 * keyset on (when, parcel id) so a bag of any size is read a page at a time (R-BOUNDS).
 */
export async function bagParcelPage(
  db: Database,
  bagId: string,
  view: BagParcelView,
  cursor: string | undefined,
  size: number,
): Promise<{ parcels: BaggedParcel[]; nextCursor: string | null }> {
  const after = cursor ? readCursor(cursor, [CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid]) : undefined;
  const found =
    view === 'extra'
      ? await db
          .select({
            ...parcelColumns,
            received: sql<boolean>`true`,
            at: sql<string>`${bagExtraParcels.scannedAt}::text`,
            id: bagExtraParcels.consignmentId,
          })
          .from(bagExtraParcels)
          .innerJoin(consignments, eq(consignments.id, bagExtraParcels.consignmentId))
          .where(
            and(
              eq(bagExtraParcels.bagId, bagId),
              after
                ? sql`(${bagExtraParcels.scannedAt}, ${bagExtraParcels.consignmentId}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(bagExtraParcels.scannedAt), asc(bagExtraParcels.consignmentId))
          .limit(size + 1)
      : await db
          .select({
            ...parcelColumns,
            received: sql<boolean>`${bagParcels.receivedAt} is not null`,
            at: sql<string>`${bagParcels.addedAt}::text`,
            id: bagParcels.consignmentId,
          })
          .from(bagParcels)
          .innerJoin(consignments, eq(consignments.id, bagParcels.consignmentId))
          .where(
            and(
              eq(bagParcels.bagId, bagId),
              view === 'missing' ? isNull(bagParcels.receivedAt) : undefined,
              after
                ? sql`(${bagParcels.addedAt}, ${bagParcels.consignmentId}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(bagParcels.addedAt), asc(bagParcels.consignmentId))
          .limit(size + 1);
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  return {
    parcels: rows.map(({ at: _at, id: _id, ...parcel }) => parcel),
    nextCursor: found.length > size && last ? writeCursor([last.at, last.id]) : null,
  };
}

/** Every parcel of a bag for its manifest, read a page at a time as the file is written. */
export async function* manifestParcels(db: Database, bagId: string, pageSize: number): AsyncGenerator<BaggedParcel> {
  for (let cursor: string | undefined; ; ) {
    const page = await bagParcelPage(db, bagId, 'in', cursor, pageSize);
    yield* page.parcels;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
