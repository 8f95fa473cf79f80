import { and, eq, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { paymentIntents, processedWebhookEvents } from '#server/db/schema.ts';
import type { PaymentProvider } from './provider.ts';

type Handle = Database | Transaction;

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export async function findIntentForOrder(db: Handle, orderId: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId)).limit(1);
  return row;
}

export async function findIntent(
  db: Handle,
  id: string,
  provider: PaymentIntentRow['provider'],
): Promise<PaymentIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.provider, provider)))
    .limit(1);
  return row;
}

export async function findIntentBySecret(db: Handle, clientSecret: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret)).limit(1);
  return row;
}

/** Locks the payment a client secret opens, so two confirmations of it run one after the other. */
export async function lockIntentBySecret(tx: Transaction, clientSecret: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, clientSecret))
    .limit(1)
    .for('update');
  return row;
}

export async function findIntentForConsignment(db: Handle, consignmentId: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.consignmentId, consignmentId)).limit(1);
  return row;
}

/**
 * Keeps one payment per order (or consignment): a new one replaces the stored one only when the amount,
 * currency or processor changed; otherwise the one already stored (perhaps by a concurrent request) stays.
 */
export async function saveIntent(db: Handle, intent: typeof paymentIntents.$inferInsert): Promise<PaymentIntentRow> {
  await db
    .insert(paymentIntents)
    .values(intent)
    .onConflictDoUpdate({
      target: intent.orderId ? paymentIntents.orderId : paymentIntents.consignmentId,
      set: {
        id: intent.id,
        provider: intent.provider,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
        currency: intent.currency,
        status: intent.status,
        updatedAt: new Date(),
      },
      setWhere: or(
        sql`${paymentIntents.amountCents} <> excluded.amount_cents`,
        sql`${paymentIntents.currency} <> excluded.currency`,
        sql`${paymentIntents.provider} <> excluded.provider`,
      ),
    });
  const saved = intent.orderId
    ? await findIntentForOrder(db, intent.orderId)
    : await findIntentForConsignment(db, intent.consignmentId as string);
  if (!saved) throw new Error(`payment ${intent.id} vanished while it was saved`);
  return saved;
}

/** The processor of the payment whose status was set; undefined when none has this id. */
export async function setIntentStatus(db: Handle, id: string, status: string): Promise<PaymentProvider['name'] | undefined> {
  const [set] = await db
    .update(paymentIntents)
    .set({ status, updatedAt: new Date() })
    .where(eq(paymentIntents.id, id))
    .returning({ provider: paymentIntents.provider });
  return set?.provider;
}

/** True the first time an event id is seen; false for a replay or a duplicate delivery. */
export async function recordWebhookEvent(db: Handle, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return inserted.length > 0;
}

/** Keeps the processor's refund of a payment; when one was kept already (a concurrent refund), answers that one. */
export async function saveRefundId(db: Handle, id: string, refundId: string): Promise<string> {
  const [saved] = await db
    .update(paymentIntents)
    .set({ refundId: sql`coalesce(${paymentIntents.refundId}, ${refundId})`, status: 'refunded', updatedAt: new Date() })
    .where(eq(paymentIntents.id, id))
    .returning({ refundId: paymentIntents.refundId });
  return saved?.refundId ?? refundId;
}
