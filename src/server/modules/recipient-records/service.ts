import { and, desc, eq, gte, min, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments, hiddenRecipientRecords, recipientRecordLookups } from '#server/db/schema.ts';
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

const LOOK_WINDOW_MS = 60 * 60 * 1000;

/**
 * RECIPIENT_RECORDS_PER_MERCHANT looks an hour (decision 168), on the site and through `/api/v1` together:
 * counted in the log itself, so every instance counts the same looks. @fastify/rate-limit runs one limit per
 * request, and `/api/v1` routes already run the API's. Looks are not taken one at a time (that queued ten at
 * once behind each other: p99 103 ms at 1 M parcels), so those in flight together may pass it by their number.
 */
async function withinLooksAnHour(tx: Transaction, config: Config, merchantId: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOOK_WINDOW_MS);
  const max = config.rateLimits.recipientRecordsPerMerchant;
  // The hour's newest `max` looks at most: a few hundred index entries, whatever the log holds.
  const recent = tx
    .select({ createdAt: recipientRecordLookups.createdAt })
    .from(recipientRecordLookups)
    .where(and(eq(recipientRecordLookups.merchantId, merchantId), gte(recipientRecordLookups.createdAt, windowStart)))
    .orderBy(desc(recipientRecordLookups.createdAt))
    .limit(max)
    .as('recent');
  const [looked] = await tx.select({ looks: sql<number>`count(*)`.mapWith(Number), first: min(recent.createdAt) }).from(recent);
  if (!looked || looked.looks < max) return;
  const wait = Math.max(
    1,
    Math.ceil(((looked.first ? new Date(looked.first).getTime() : now.getTime()) + LOOK_WINDOW_MS - now.getTime()) / 1000),
  );
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
    await withinLooksAnHour(tx, config, merchantId, now);
    await tx.insert(recipientRecordLookups).values({ merchantId, phone, via, createdAt: now });
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
