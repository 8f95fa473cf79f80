import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pickups } from '#server/db/schema.ts';

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

/** One day's pickups, by area and then by window, as the couriers' rounds go. */
export function listPickupsOn(db: Database, day: string): Promise<PickupRow[]> {
  return db
    .select()
    .from(pickups)
    .where(eq(pickups.day, day))
    .orderBy(asc(pickups.areaId), asc(pickups.window), asc(pickups.createdAt));
}
