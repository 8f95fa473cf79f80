import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { bulkBookings, consignmentEvents, consignments, idempotencyKeys } from '#server/db/schema.ts';
import type { ConsignmentRow } from './consignment-row.ts';

export async function insertConsignment(tx: Transaction, row: typeof consignments.$inferInsert): Promise<ConsignmentRow> {
  const [saved] = await tx.insert(consignments).values(row).returning();
  if (!saved) throw new Error('a consignment was not saved');
  return saved;
}

/** The unique index that keeps a sender's invoice number on one parcel that is not cancelled (R-BOOKING). */
export const INVOICE_UNIQUE = 'consignments_sender_invoice_unique';

/**
 * The tracking code of the sender's parcel (not cancelled) that has this invoice number, if one has: among
 * the sandbox's parcels for a test booking, among the others for the rest (R-SANDBOX).
 */
export async function parcelWithInvoice(
  db: Database | Transaction,
  userId: string,
  invoice: string,
  test = false,
): Promise<string | undefined> {
  const [row] = await db
    .select({ trackingCode: consignments.trackingCode })
    .from(consignments)
    .where(
      and(
        eq(consignments.userId, userId),
        eq(consignments.merchantInvoice, invoice),
        ne(consignments.status, 'cancelled'),
        eq(consignments.test, test),
      ),
    )
    .limit(1);
  return row?.trackingCode;
}

/** Which of these invoice numbers the sender's parcels (not cancelled) have, each with its parcel's code. */
export async function parcelsWithInvoices(
  tx: Transaction,
  userId: string,
  invoices: string[],
  test = false,
): Promise<{ invoice: string; trackingCode: string }[]> {
  const rows = await tx
    .select({ invoice: consignments.merchantInvoice, trackingCode: consignments.trackingCode })
    .from(consignments)
    .where(
      and(
        eq(consignments.userId, userId),
        inArray(consignments.merchantInvoice, invoices),
        ne(consignments.status, 'cancelled'),
        eq(consignments.test, test),
      ),
    );
  return rows.flatMap(({ invoice, trackingCode }) => (invoice ? [{ invoice, trackingCode }] : []));
}

/** A merchant's own bulk booking, or undefined (another's is as unknown as none). */
export async function findBulkBooking(db: Database, merchantId: string, id: string) {
  const [booking] = await db
    .select()
    .from(bulkBookings)
    .where(and(eq(bulkBookings.id, id), eq(bulkBookings.merchantId, merchantId)));
  return booking;
}

/** Parcels a bulk booking's labels read at a time: a few hundred rows, however large the file. */
const BULK_PARCELS_PAGE_ROWS = 250;

/**
 * A bulk booking's parcels in the file's order (R-BULK-BOOKING), read a page at a time as they are
 * asked for (issue 39): their booked events were written in that order, and the parcels' own ids are
 * random, so the event's id is the keyset. Each parcel's booked event is looked up by its own index
 * (a lateral join), from its booking's month on: with the events partitioned by month (decision 0129),
 * a planner without statistics (PGlite has no autovacuum) otherwise compared every parcel with every
 * event, 5 s a page that held the only thread.
 */
export async function* bulkBookingParcels(db: Database, bulkBookingId: string): AsyncGenerator<ConsignmentRow> {
  for (let after = 0; ; ) {
    const booked = db
      .select({ eventId: consignmentEvents.id })
      .from(consignmentEvents)
      .where(
        and(
          eq(consignmentEvents.consignmentId, consignments.id),
          eq(consignmentEvents.status, 'booked'),
          gte(consignmentEvents.createdAt, consignments.createdAt),
          gt(consignmentEvents.id, after),
        ),
      )
      .orderBy(asc(consignmentEvents.id))
      .limit(1)
      .as('booked');
    const rows = await db
      .select({ consignment: consignments, eventId: booked.eventId })
      .from(consignments)
      .crossJoinLateral(booked)
      .where(eq(consignments.bulkBookingId, bulkBookingId))
      .orderBy(asc(booked.eventId))
      .limit(BULK_PARCELS_PAGE_ROWS);
    for (const row of rows) yield row.consignment;
    const last = rows.at(-1);
    if (!last || rows.length < BULK_PARCELS_PAGE_ROWS) return;
    after = last.eventId;
  }
}

/** How long a booking's `Idempotency-Key` holds its first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * Claims an idempotency key for this request, in the booking's transaction: true when it is the first
 * use. A concurrent request with the same key waits here for the first to commit, then reads its answer.
 * A key is kept `IDEMPOTENCY_KEY_HOURS` (issue 30): after that, the same key books anew.
 */
export async function claimIdempotencyKey(tx: Transaction, userId: string, key: string, requestHash: string): Promise<boolean> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
      ),
    );
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** A key's request and its first answer: a booking's, or a batch's (the request hash tells them apart). */
export async function findIdempotencyKey(
  tx: Transaction,
  userId: string,
  key: string,
): Promise<{ requestHash: string; answer: unknown } | undefined> {
  const [row] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function keepIdempotentAnswer(tx: Transaction, userId: string, key: string, answer: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ answer })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** The window a sender's booking budget counts parcels in (decision 107). */
export const BOOKING_BUDGET_HOURS = 24;

/** A sender's parcels of one kind (live, or a test key's: R-SANDBOX) booked within the budget's window. */
const inBudgetWindow = (userId: string, test: boolean) =>
  and(
    eq(consignments.userId, userId),
    eq(consignments.test, test),
    sql`${consignments.createdAt} > now() - ${BOOKING_BUDGET_HOURS} * interval '1 hour'`,
  );

/**
 * Waits for any other booking of this sender to commit, then counts the parcels the sender booked in
 * the last BOOKING_BUDGET_HOURS: one sender's bookings take their turn, so two at once cannot both fit
 * in what is left. A transaction-scoped advisory lock rather than a row's, since a customer booking on
 * the site has no merchant row, and the user's row is taken by every foreign key to it.
 */
export async function parcelsInBudgetWindow(tx: Transaction, userId: string, test: boolean): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking-budget:${userId}`}, 0))`);
  const [counted] = await tx
    .select({ booked: sql<number>`count(*)`.mapWith(Number) })
    .from(consignments)
    .where(inBudgetWindow(userId, test));
  return counted?.booked ?? 0;
}

/** When the sender's `nth` oldest parcel in the window leaves it; undefined when there are fewer. */
export async function budgetWindowFreesAt(
  tx: Transaction,
  userId: string,
  test: boolean,
  nth: number,
): Promise<Date | undefined> {
  const [oldest] = await tx
    .select({ createdAt: consignments.createdAt })
    .from(consignments)
    .where(inBudgetWindow(userId, test))
    .orderBy(consignments.createdAt)
    .offset(nth - 1)
    .limit(1);
  return oldest && new Date(oldest.createdAt.getTime() + BOOKING_BUDGET_HOURS * 3_600_000);
}
