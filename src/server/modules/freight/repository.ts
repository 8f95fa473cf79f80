import { desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { freightRequests } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';

export type FreightRow = typeof freightRequests.$inferSelect;

export async function insertFreightRequest(tx: Transaction, row: typeof freightRequests.$inferInsert): Promise<FreightRow> {
  const [saved] = await tx.insert(freightRequests).values(row).returning();
  if (!saved) throw new Error('a freight request was not saved');
  return saved;
}

/** The customer's requests, or every customer's for an admin, the newest first. */
export function listFreightRows(db: Database, userId: string | undefined): Promise<FreightRow[]> {
  const query = db.select().from(freightRequests);
  return (userId ? query.where(eq(freightRequests.userId, userId)) : query)
    .orderBy(desc(freightRequests.createdAt))
    .limit(LIMITS.freightRequestsPageSize);
}

/** Locks one request for its move: two admins, or an admin and the customer, move it one after the other. */
export async function lockFreightRow(tx: Transaction, id: string): Promise<FreightRow | undefined> {
  const [row] = await tx.select().from(freightRequests).where(eq(freightRequests.id, id)).limit(1).for('update');
  return row;
}

export async function updateFreightRow(tx: Transaction, id: string, changes: Partial<FreightRow>): Promise<FreightRow> {
  const [row] = await tx
    .update(freightRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(freightRequests.id, id))
    .returning();
  if (!row) throw new Error(`freight request ${id} vanished while it was locked`);
  return row;
}
