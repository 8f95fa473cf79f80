import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema.ts';

/** A claimed delivery with what sending it needs. */
export interface DueDelivery {
  id: string;
  attempts: number;
  eventId: string;
  eventType: string;
  body: string;
  url: string;
  secret: string;
}

/**
 * Takes up to `limit` deliveries that are due and moves their next attempt `leaseMs` ahead, as the
 * other outboxes do (SKIP LOCKED: instances claiming at once take different ones; a claimed one is no
 * one else's while it is sent). A delivery waits while an earlier one of its endpoint and parcel is
 * still pending, claimed or not, so a parcel's events reach an endpoint in order (R-WEBHOOKS).
 */
export async function claimDueDeliveries(tx: Transaction, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  const due = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= now() and not exists (
        select 1 from webhook_deliveries earlier
        where earlier.endpoint_id = ${webhookDeliveries.endpointId} and earlier.ordering_key = ${webhookDeliveries.orderingKey}
          and earlier.status = 'pending' and earlier.queued < ${webhookDeliveries.queued})`,
    )
    .orderBy(webhookDeliveries.queued)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(sql`${webhookDeliveries.id} in ${due}`)
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return [];
  return tx
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      body: webhookEvents.body,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(webhookDeliveries.queued);
}

/** One attempt, for the merchant's log. */
export async function recordAttempt(
  db: Database,
  attempt: { deliveryId: string; responseStatus: number | null; error: string | null; durationMs: number },
): Promise<void> {
  await db.insert(webhookAttempts).values(attempt);
}

/** A 2xx ends the series: the delivery is never sent again but by a resend, which is a new one. */
export async function markDelivered(db: Database, id: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'delivered', finishedAt: sql`now()` }).where(eq(webhookDeliveries.id, id));
}

/**
 * A refusal: tried again in `retryInMs`, unless that would be more than `retryForMs` after the series
 * began; then the delivery has failed, and the next event of its parcel goes on.
 */
export async function markRefused(db: Database, id: string, retryInMs: number, retryForMs: number): Promise<void> {
  const next = sql`now() + ${retryInMs} * interval '1 millisecond'`;
  const givesUp = sql`${next} > ${webhookDeliveries.createdAt} + ${retryForMs} * interval '1 millisecond'`;
  await db
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: next,
      status: sql`case when ${givesUp} then 'failed' else 'pending' end`,
      finishedAt: sql`case when ${givesUp} then now() end`,
    })
    .where(eq(webhookDeliveries.id, id));
}
