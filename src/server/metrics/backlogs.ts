import { type AnyColumn, count, isNull, min, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { consignments, mailOutbox, smsOutbox, webhookDeliveries } from '#server/db/schema.ts';
import type { ConsignmentStatus } from '#shared/consignment-status.ts';
import type { OutboxName } from './shop-events.ts';

export interface OutboxBacklog {
  outbox: OutboxName;
  /** Rows not yet handed to their carrier (webhooks: deliveries still pending). */
  unsent: number;
  /** Seconds since the oldest of them was written; null when there is none. */
  oldestAgeSeconds: number | null;
}

/**
 * Every outbox's backlog in one statement, read when /metrics is scraped (R-METRICS). Each part reads
 * only its outbox's waiting rows, through the partial index on them (mail_outbox_waiting_idx,
 * sms_outbox_waiting_idx, webhook_deliveries_due_idx), so it stays cheap however many were sent.
 */
export async function outboxBacklogs(db: Database): Promise<OutboxBacklog[]> {
  const backlog = (outbox: OutboxName, since: AnyColumn) => ({
    outbox: sql<OutboxName>`${outbox}::text`.as('outbox'),
    unsent: count().as('unsent'),
    oldestAgeSeconds: sql<number | null>`extract(epoch from now() - ${min(since)})::float8`.as('oldest_age_seconds'),
  });
  return unionAll(
    db.select(backlog('mail', mailOutbox.createdAt)).from(mailOutbox).where(isNull(mailOutbox.deliveredAt)),
    db.select(backlog('sms', smsOutbox.createdAt)).from(smsOutbox).where(isNull(smsOutbox.deliveredAt)),
    db
      .select(backlog('webhook', webhookDeliveries.createdAt))
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.status} = 'pending'`),
  );
}

/** Parcels in each status, one grouped read over consignments_status_idx (R-METRICS). */
export async function parcelsByStatus(db: Database): Promise<{ status: ConsignmentStatus; parcels: number }[]> {
  // The sandbox's parcels are no backlog (R-SANDBOX).
  return db
    .select({ status: consignments.status, parcels: count() })
    .from(consignments)
    .where(sql`not ${consignments.test}`)
    .groupBy(consignments.status);
}
