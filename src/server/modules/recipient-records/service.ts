import { and, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments, hiddenRecipientRecords, recipientRecordLookHours, recipientRecordLookups } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { calendarDayIn, DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { MESSAGES } from '#shared/messages.ts';
import { RECIPIENT_RECORD_MONTHS, type RecipientRecord } from '#shared/recipient-record.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';

/** The first moment a record counts from: the same day RECIPIENT_RECORD_MONTHS months ago. */
function recordStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - RECIPIENT_RECORD_MONTHS);
  return start;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * RECIPIENT_RECORDS_PER_MERCHANT looks a clock hour (decision 168, amended by 183), on the site and through
 * `/api/v1` together: one counter row per merchant and hour, counted up by the look's own transaction, so every
 * instance counts the same looks and the limit costs one row whatever the log holds (reading the hour's looks
 * cost p99 89 ms at 1 M parcels). It is the transaction's last statement: the row is held only while the look
 * commits, and a refused look rolls back, counting and logging nothing.
 */
async function countLookInHour(tx: Transaction, config: Config, merchantId: string, now: Date): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const [counted] = await tx
    .insert(recipientRecordLookHours)
    .values({ merchantId, hour, looks: 1 })
    .onConflictDoUpdate({
      target: [recipientRecordLookHours.merchantId, recipientRecordLookHours.hour],
      set: { looks: sql`${recipientRecordLookHours.looks} + 1` },
    })
    .returning({ looks: recipientRecordLookHours.looks });
  if ((counted?.looks ?? 0) <= config.rateLimits.recipientRecordsPerMerchant) return;
  const wait = Math.max(1, Math.ceil((hour.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new HttpError(429, 'too_many_requests', MESSAGES.tooMany(/*i18n*/ 'looks at recipients’ records', wait), undefined, {
    'retry-after': String(wait),
  });
}

const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * A recipient's delivery record (issue 44, R-RECIPIENT-RECORD, decision 168) for an approved merchant:
 * counts over every sender's parcels to the number, nothing else of them; the look-up is logged in the
 * same transaction, and a hidden number answers zeros. `phone` is in its normal form (bdMobileSchema).
 */
export async function lookUpRecipientRecord(
  db: Database,
  config: Config,
  userId: string,
  phone: string,
  via: 'web' | 'api',
  now = new Date(),
): Promise<RecipientRecord> {
  const merchantId = await requireApprovedMerchant(db, userId);
  const start = recordStart(now);
  return db.transaction(async (tx) => {
    const [hidden] = await tx
      .select({ phone: hiddenRecipientRecords.phone })
      .from(hiddenRecipientRecords)
      .where(eq(hiddenRecipientRecords.phone, phone));
    const refusedOnce = sql`exists (select 1 from consignment_events e where e.consignment_id = ${consignments.id}
      and e.status = 'delivery_failed' and e.reason = 'refused' and e.created_at >= ${start})`;
    const [counts] = hidden
      ? []
      : await tx
          .select({
            parcels: sql<number>`count(*)`.mapWith(Number),
            delivered: count(sql`${consignments.status} = 'delivered'`),
            partlyDelivered: count(sql`${consignments.status} = 'partially_delivered'`),
            returned: count(sql`${consignments.status} in ('returning', 'returned')`),
            refused: count(refusedOnce),
            cancelled: count(sql`${consignments.status} = 'cancelled'`),
          })
          .from(consignments)
          // The phone's own index, then the few parcels it has; sandbox parcels are nobody's record (R-SANDBOX).
          .where(and(eq(consignments.recipientPhone, phone), gte(consignments.createdAt, start), eq(consignments.test, false)));
    const record = counts ?? { parcels: 0, delivered: 0, partlyDelivered: 0, returned: 0, refused: 0, cancelled: 0 };
    // Each look is logged (R-RECIPIENT-RECORD) and counted toward the hour's limit, last, in the look's transaction.
    await tx.insert(recipientRecordLookups).values({ merchantId, phone, via, createdAt: now });
    await countLookInHour(tx, config, merchantId, now);
    const ended = record.delivered + record.partlyDelivered + record.returned;
    return {
      phone,
      since: calendarDayIn(start, DEFAULT_TIME_ZONE),
      hidden: Boolean(hidden),
      ...record,
      deliveredPercent: ended === 0 ? null : Math.round(((record.delivered + record.partlyDelivered) * 100) / ended),
    };
  });
}

/** An admin hides a number's record at its recipient's request, or shows it again (decision 168). */
export async function setRecipientRecordHidden(db: Database, adminId: string, phone: string, hidden: boolean): Promise<void> {
  if (hidden) await db.insert(hiddenRecipientRecords).values({ phone, hiddenBy: adminId }).onConflictDoNothing();
  else await db.delete(hiddenRecipientRecords).where(eq(hiddenRecipientRecords.phone, phone));
}
