import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { consignments, hiddenRecipientRecords, recipientRecordLookHours, recipientRecordLookups } from '#server/db/schema.ts';
import { forbidden, HttpError } from '#server/http/errors.ts';
import { calendarDayIn, DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { MERCHANT_MESSAGES } from '#shared/merchant.ts';
import { MESSAGES } from '#shared/messages.ts';
import { RECIPIENT_RECORD_MONTHS, type RecipientRecord } from '#shared/recipient-record.ts';
import { approvedMerchantStep } from '../merchants/ledger.ts';

/** The first moment a record counts from: the same day RECIPIENT_RECORD_MONTHS months ago. */
function recordStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - RECIPIENT_RECORD_MONTHS);
  return start;
}

const HOUR_MS = 60 * 60 * 1000;

const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const askedPhone = sql.placeholder('phone');
const recordSince = sql.placeholder('start');
const hiddenNumber = sql`exists (select 1 from ${hiddenRecipientRecords} where ${hiddenRecipientRecords.phone} = ${askedPhone})`;

/**
 * A whole look in one statement, prepared by name on each connection (decision 185): the approved merchant,
 * the hour's counter, the log row, the hidden check and the record, one round trip and no BEGIN/COMMIT, as
 * one statement is atomic on its own. Seven round trips cost ~4 ms of CPU a look (most of it the driver's
 * writes), which kept 10 connections at p99 ~100 ms at 1 M parcels.
 *
 * - `merchant`: the signed-in user's approved merchant account, or no row (403, nothing counted or logged).
 * - `counted`: RECIPIENT_RECORDS_PER_MERCHANT looks a clock hour (decisions 168, 183), one row per merchant
 *   and hour; the update happens only while the hour has room, so a refused look neither counts nor logs
 *   (no row). ON CONFLICT DO UPDATE locks the row and tests the newest version, so looks in flight
 *   together never pass the limit.
 * - `logged`: each look counted is logged (R-RECIPIENT-RECORD), in the same statement.
 * - The record: every sender's parcels to the number, counts only; none for a hidden number; sandbox
 *   parcels are nobody's record (R-SANDBOX). The phone's own index, then the few parcels it has.
 */
const lookStatement = preparedPerDatabase((db) => {
  const merchant = approvedMerchantStep(db, sql.placeholder('userId'));
  const counted = db.$with('counted').as(
    db
      .insert(recipientRecordLookHours)
      .select(
        db
          .select({
            merchantId: merchant.id,
            hour: sql`${sql.placeholder('hour')}::timestamptz`.as('hour'),
            looks: sql`1`.as('looks'),
          })
          .from(merchant),
      )
      .onConflictDoUpdate({
        target: [recipientRecordLookHours.merchantId, recipientRecordLookHours.hour],
        set: { looks: sql`${recipientRecordLookHours.looks} + 1` },
        setWhere: sql`${recipientRecordLookHours.looks} < ${sql.placeholder('limit')}`,
      })
      .returning({ merchantId: recipientRecordLookHours.merchantId }),
  );
  // As SQL: Drizzle's insert from a select names the log's identity column, which takes no value.
  const logged = db.$with('logged', { id: sql<number>`id` }).as(
    sql`insert into ${recipientRecordLookups} (merchant_id, phone, via, created_at)
      select ${counted.merchantId}, ${askedPhone}::text, ${sql.placeholder('via')}::text, ${sql.placeholder('now')}::timestamptz
      from ${counted} returning id`,
  );
  // No event is older than its parcel's booking, itself within the record's months: bounded by the booking,
  // the probe skips the event months before it (decision 0129's partitions; 317 buffers, not 446, at 1 M).
  const refusedOnce = sql`exists (select 1 from consignment_events e where e.consignment_id = ${consignments.id}
    and e.status = 'delivery_failed' and e.reason = 'refused' and e.created_at >= ${consignments.createdAt})`;
  return db
    .with(merchant, counted, logged)
    .select({
      merchantId: sql<string | null>`(select ${merchant.id} from ${merchant})`,
      // Committed without waiting for the WAL's flush (decision 185): ten looks of one merchant took turns
      // at its counter row's lock for each other's fsync. A database crash may lose the last moment's looks.
      flushedLater: sql<string>`(select set_config('synchronous_commit', 'off', true))`,
      logged: sql<number>`(select count(*) from ${logged})`.mapWith(Number),
      hidden: sql<boolean>`${hiddenNumber}`,
      parcels: sql<number>`count(*)`.mapWith(Number),
      delivered: count(sql`${consignments.status} = 'delivered'`),
      partlyDelivered: count(sql`${consignments.status} = 'partially_delivered'`),
      returned: count(sql`${consignments.status} in ('returning', 'returned')`),
      refused: count(refusedOnce),
      cancelled: count(sql`${consignments.status} = 'cancelled'`),
    })
    .from(consignments)
    .where(
      and(
        eq(consignments.recipientPhone, askedPhone),
        gte(consignments.createdAt, recordSince),
        eq(consignments.test, false),
        sql`not ${hiddenNumber}`,
      ),
    )
    .prepare('recipient_record_look');
});

/** The look refused for the hour: 429 with the seconds until the clock hour ends (decision 183). */
function tooManyLooks(hour: Date, now: Date): HttpError {
  const wait = Math.max(1, Math.ceil((hour.getTime() + HOUR_MS - now.getTime()) / 1000));
  return new HttpError(429, 'too_many_requests', MESSAGES.tooMany(/*i18n*/ 'looks at recipients’ records', wait), undefined, {
    'retry-after': String(wait),
  });
}

/**
 * A recipient's delivery record (issue 44, R-RECIPIENT-RECORD, decision 168) for an approved merchant:
 * counts over every sender's parcels to the number, nothing else of them; the look-up is logged and
 * counted in the same statement, and a hidden number answers zeros. `phone` is in its normal form
 * (bdMobileSchema).
 */
export async function lookUpRecipientRecord(
  db: Database,
  config: Config,
  userId: string,
  phone: string,
  via: 'web' | 'api',
  now = new Date(),
): Promise<RecipientRecord> {
  const start = recordStart(now);
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const [look] = await lookStatement(db).execute({
    userId,
    phone,
    start,
    hour,
    now,
    via,
    limit: config.rateLimits.recipientRecordsPerMerchant,
  });
  if (!look?.merchantId) throw forbidden(MERCHANT_MESSAGES.notMerchant);
  if (look.logged === 0) throw tooManyLooks(hour, now);
  const { merchantId: _merchant, logged: _logged, flushedLater: _flushedLater, hidden, ...record } = look;
  const ended = record.delivered + record.partlyDelivered + record.returned;
  return {
    phone,
    since: calendarDayIn(start, DEFAULT_TIME_ZONE),
    hidden,
    ...record,
    deliveredPercent: ended === 0 ? null : Math.round(((record.delivered + record.partlyDelivered) * 100) / ended),
  };
}

/**
 * Removes the hourly look counters older than a day (decision 185): the limit reads only the current
 * hour's row, and the log (`recipient_record_lookups`) keeps every look. Returns how many went.
 */
export async function sweepLookHours(db: Database, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const swept = await db
    .delete(recipientRecordLookHours)
    .where(lt(recipientRecordLookHours.hour, dayAgo))
    .returning({ hour: recipientRecordLookHours.hour });
  return swept.length;
}

/** An admin hides a number's record at its recipient's request, or shows it again (decision 168). */
export async function setRecipientRecordHidden(db: Database, adminId: string, phone: string, hidden: boolean): Promise<void> {
  if (hidden) await db.insert(hiddenRecipientRecords).values({ phone, hiddenBy: adminId }).onConflictDoNothing();
  else await db.delete(hiddenRecipientRecords).where(eq(hiddenRecipientRecords.phone, phone));
}
