import { and, asc, count, desc, eq, gte, isNull, lte, sql, sum } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { pickups, user } from '#server/db/schema.ts';
import { CURSOR_SHAPES, readCursor, writeCursor } from '#server/http/keyset-cursor.ts';

export type PickupRow = typeof pickups.$inferSelect;

export async function insertPickup(db: Database, row: typeof pickups.$inferInsert): Promise<PickupRow> {
  const [saved] = await db.insert(pickups).values(row).returning();
  if (!saved) throw new Error('a pickup was not saved');
  return saved;
}

/** The sender's pickups, the latest asked for first. */
export function listPickupsOf(db: Database, userId: string, limit: number): Promise<PickupRow[]> {
  return db.select().from(pickups).where(eq(pickups.userId, userId)).orderBy(desc(pickups.createdAt)).limit(limit);
}

/** One of the sender's pickups, held for a change until the transaction ends; someone else's is not found. */
export async function lockPickupOf(tx: Transaction, userId: string, id: string): Promise<PickupRow | undefined> {
  const [row] = await tx
    .select()
    .from(pickups)
    .where(and(eq(pickups.id, id), eq(pickups.userId, userId)))
    .for('update');
  return row;
}

export async function markCancelled(tx: Transaction, id: string, at: Date): Promise<PickupRow> {
  const [row] = await tx.update(pickups).set({ cancelledAt: at }).where(eq(pickups.id, id)).returning();
  if (!row) throw new Error('a pickup held for cancelling was not found');
  return row;
}

/** Where a day's list stopped: the last pickup's area, window, creation time (PostgreSQL's text) and id. */
const PICKUP_CURSOR_SHAPES = [/^[\w-]{1,80}$/, /^\d{2}-\d{2}$/, CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid];

function after(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [areaId, window, createdAt, id] = readCursor(cursor, PICKUP_CURSOR_SHAPES);
  return sql`(${pickups.areaId}, ${pickups.window}, ${pickups.createdAt}, ${pickups.id}) > (${areaId}, ${window}, ${createdAt}::timestamptz, ${id}::uuid)`;
}

/**
 * One page of a day's pickups not cancelled (no courier goes for those), by area and then by window, as the couriers' rounds go (issue 40: a
 * day at a national courier is thousands). Keyset on (area, window, created_at, id), which the
 * `pickups_day_idx` index ends with, so a later page costs what the first does.
 */
export async function listPickupsOn(
  db: Database,
  day: string,
  cursor: string | undefined,
  size: number,
): Promise<{ rows: (PickupRow & { rider: { name: string; email: string } | null })[]; next: string | null }> {
  const found = await db
    .select({
      pickup: pickups,
      createdAtText: sql<string>`${pickups.createdAt}::text`,
      riderName: user.name,
      riderEmail: user.email,
    })
    .from(pickups)
    // The rider sent, if any (R-PICKUPS-AHEAD): a primary-key probe per listed pickup.
    .leftJoin(user, eq(user.id, pickups.riderId))
    .where(and(eq(pickups.day, day), isNull(pickups.cancelledAt), after(cursor)))
    .orderBy(asc(pickups.areaId), asc(pickups.window), asc(pickups.createdAt), asc(pickups.id))
    .limit(size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ pickup, riderName, riderEmail }) => ({
      ...pickup,
      rider: riderName !== null && riderEmail !== null ? { name: riderName, email: riderEmail } : null,
    })),
    next:
      found.length > size && last
        ? writeCursor([last.pickup.areaId, last.pickup.window, last.createdAtText, last.pickup.id])
        : null,
  };
}

/**
 * The days from `first` to `last` with pickups not cancelled (R-PICKUPS-AHEAD): each day's pickups, parcels and
 * those with no rider yet. Read along `pickups_day_idx`, which leads with the day: a fortnight of pickups.
 */
export function pickupsBetween(db: Database, first: string, last: string) {
  return db
    .select({
      day: pickups.day,
      pickups: count(),
      parcels: sum(pickups.parcels).mapWith(Number),
      withoutRider: sql<number>`count(*) filter (where ${pickups.riderId} is null)`.mapWith(Number),
    })
    .from(pickups)
    .where(and(gte(pickups.day, first), lte(pickups.day, last), isNull(pickups.cancelledAt)))
    .groupBy(pickups.day)
    .orderBy(asc(pickups.day));
}

/** Any pickup, held for a change until the transaction ends. */
export async function lockPickup(tx: Transaction, id: string): Promise<PickupRow | undefined> {
  const [row] = await tx.select().from(pickups).where(eq(pickups.id, id)).for('update');
  return row;
}

/** Sends `riderId` (or none) to a pickup; the rider's name and email as the staff see them. */
export async function setPickupRider(
  tx: Transaction,
  id: string,
  riderId: string | null,
): Promise<{ name: string; email: string } | null> {
  await tx.update(pickups).set({ riderId }).where(eq(pickups.id, id));
  if (!riderId) return null;
  const [rider] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, riderId));
  return rider ?? null;
}
