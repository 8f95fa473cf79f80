import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { mailOutbox, user } from '#server/db/schema.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

/** A new mail, in the language of the account its recipient has (R-LANGUAGES); English for an address with none. */
export async function insertMail(tx: Database | Transaction, values: typeof mailOutbox.$inferInsert): Promise<void> {
  const recipientLanguage = sql`coalesce((select ${user.locale} from ${user} where lower(${user.email}) = lower(${values.recipient}) limit 1), 'en')`;
  await tx.insert(mailOutbox).values({ ...values, locale: recipientLanguage });
}

/**
 * Takes up to `limit` mails that are due and moves their next attempt `leaseMs` ahead, in one statement.
 * `FOR UPDATE SKIP LOCKED` lets instances claiming at the same moment take different mails, and the
 * lease keeps a claimed mail from everyone else while it is being sent (R-MAIL-ONCE).
 */
export function claimDueMail(tx: Transaction, limit: number, leaseMs: number): Promise<MailRow[]> {
  const due = tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.deliveredAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(sql`${mailOutbox.id} in ${due}`)
    .returning();
}

export async function markDelivered(db: Database, id: string, by: 'smtp' | 'mailbox'): Promise<void> {
  await db.update(mailOutbox).set({ deliveredAt: sql`now()`, deliveredBy: by, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markRefused(db: Database, id: string, error: string, retryInMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` })
    .where(eq(mailOutbox.id, id));
}

/** The Mailbox: newest first. */
export function listMail(db: Database, limit: number): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}
