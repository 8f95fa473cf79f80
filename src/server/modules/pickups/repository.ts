import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pickups } from '#server/db/schema.ts';
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

/** Where a day's list stopped: the last pickup's area, window, creation time (PostgreSQL's text) and id. */
const PICKUP_CURSOR_SHAPES = [/^[\w-]{1,80}$/, /^\d{2}-\d{2}$/, CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid];

function after(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [areaId, window, createdAt, id] = readCursor(cursor, PICKUP_CURSOR_SHAPES);
  return sql`(${pickups.areaId}, ${pickups.window}, ${pickups.createdAt}, ${pickups.id}) > (${areaId}, ${window}, ${createdAt}::timestamptz, ${id}::uuid)`;
}

/**
 * One page of a day's pickups, by area and then by window, as the couriers' rounds go (issue 40: a
 * day at a national courier is thousands). Keyset on (area, window, created_at, id), which the
 * `pickups_day_idx` index ends with, so a later page costs what the first does.
 */
export async function listPickupsOn(
  db: Database,
  day: string,
  cursor: string | undefined,
  size: number,
): Promise<{ rows: PickupRow[]; next: string | null }> {
  const found = await db
    .select({ pickup: pickups, createdAtText: sql<string>`${pickups.createdAt}::text` })
    .from(pickups)
    .where(and(eq(pickups.day, day), after(cursor)))
    .orderBy(asc(pickups.areaId), asc(pickups.window), asc(pickups.createdAt), asc(pickups.id))
    .limit(size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ pickup }) => pickup),
    next:
      found.length > size && last
        ? writeCursor([last.pickup.areaId, last.pickup.window, last.createdAtText, last.pickup.id])
        : null,
  };
}
