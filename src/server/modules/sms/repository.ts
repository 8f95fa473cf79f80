import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;

export async function insertSms(tx: Database | Transaction, values: typeof smsOutbox.$inferInsert): Promise<void> {
  await tx.insert(smsOutbox).values(values);
}

/**
 * Takes up to `limit` messages that are due and moves their next attempt `leaseMs` ahead, in one
 * statement, as the mail outbox does: instances claiming at once take different messages, and a
 * claimed one is no one else's while it is being sent. Oldest first: a parcel's texts arrive in the
 * order of its steps (an UPDATE's rows come back in no order).
 */
export async function claimDueSms(tx: Transaction, limit: number, leaseMs: number): Promise<SmsRow[]> {
  const due = tx
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(isNull(smsOutbox.deliveredAt), lte(smsOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(smsOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(smsOutbox)
    .set({
      attempts: sql`${smsOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(sql`${smsOutbox.id} in ${due}`)
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markSmsDelivered(db: Database, id: string, by: 'gateway' | 'mailbox'): Promise<void> {
  await db.update(smsOutbox).set({ deliveredAt: sql`now()`, deliveredBy: by, lastError: null }).where(eq(smsOutbox.id, id));
}

export async function markSmsRefused(db: Database, id: string, error: string, retryInMs: number): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` })
    .where(eq(smsOutbox.id, id));
}

/** The Mailbox's text messages: newest first. */
export function listSms(db: Database, limit: number): Promise<SmsRow[]> {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit);
}

/**
 * How many texts of `kind` each of `phones` was sent, or is waiting to be, in the last `hours`: what a
 * number's daily budget counts (decision 108). Skipped ones were never sent, so they do not count.
 */
export async function recentTextsTo(
  tx: Database | Transaction,
  kind: string,
  phones: readonly string[],
  hours: number,
): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await tx
    .select({ phone: smsOutbox.phone, texts: sql<number>`count(*)`.mapWith(Number) })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.kind, kind),
        inArray(smsOutbox.phone, [...phones]),
        sql`${smsOutbox.createdAt} > now() - ${hours} * interval '1 hour'`,
        sql`${smsOutbox.deliveredBy} is distinct from 'skipped'`,
      ),
    )
    .groupBy(smsOutbox.phone);
  return new Map(rows.map((row) => [row.phone, row.texts]));
}
