import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import { merchantConsignmentInputSchema } from '#shared/consignment.ts';
import { BATCH_MESSAGES, type ConsignmentBatch } from '#shared/consignment-batch.ts';
import { BOOKING_FIELDS } from '#shared/parcel-forms.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { askRecipientsOfMany } from '../recipient-confirmations/service.ts';
import { pickupStores, type StoreRefusal, type StoreRow } from '../stores/service.ts';
import {
  type BulkBookingContext,
  bookMany,
  bulkLabelsUrl,
  type ManyParcels,
  type ParcelProblem,
  type PlacedRow,
  withBookingTries,
} from './bulk-booking.ts';
import { printBulkLabels } from './bulk-labels.ts';
import { answerOnce, requestHash } from './idempotent-answer.ts';
import { bulkBookedNotices } from './notifications.ts';
import { atStore, type BookingTerms, bookingOf, pricedConsignment } from './service.ts';

/**
 * Public file of the consignments module: a batch of parcels booked in one call (`bookBatch`), which the
 * merchant API's batch route takes with what it needs (`batchBookingContext`) (issue 41, decision 138).
 */

/** What the merchant's list of bulk bookings calls a batch: it came in no file of its own. */
const BATCH_NAME = 'api-batch.json';

/** A field as the website's forms name it: the booking form's `weight` and `recipient.area`, not `weightGrams`. */
const formField = (field: string): string => BOOKING_FIELDS[field as keyof typeof BOOKING_FIELDS] ?? field;

/** A batch refused whole (422): every problem of every parcel, each by its index and its field. */
class BatchRefusal extends HttpError {
  constructor(problems: ParcelProblem[]) {
    super(
      422,
      'batch_refused',
      BATCH_MESSAGES.refused,
      undefined,
      {},
      problems.map(({ at, field, message }) => ({ index: at, field: field ? formField(field) : null, message })),
    );
  }
}

type ReadParcel = ReturnType<typeof merchantConsignmentInputSchema.safeParse>;

/**
 * Every parcel of a batch checked as a single booking is (its fields, then its areas, service and cash
 * as it is priced) and priced; an invoice number on an earlier parcel of the batch is refused. Unlike a
 * single booking's, the reading goes on past a parcel's first problem to name all of them.
 */
function readBatch(
  config: Config,
  parcels: ReadParcel[],
  storeOf: (storeId: string | undefined) => StoreRow | StoreRefusal,
  terms: Omit<BookingTerms, 'bulkBookingId'>,
): { rows: PlacedRow[]; problems: ParcelProblem[] } {
  const rows: PlacedRow[] = [];
  const problems: ParcelProblem[] = [];
  const invoiceIndexes = new Map<string, number>();
  for (const [index, parsed] of parcels.entries()) {
    if (!parsed.success) {
      // A field's first problem only, as every refusal of one request names it.
      const named = new Set<string>();
      for (const { path, message } of parsed.error.issues) {
        const field = path.join('.');
        if (named.has(field)) continue;
        named.add(field);
        problems.push({ at: index, field, message });
      }
      continue;
    }
    const request = parsed.data;
    const invoice = request.merchantInvoice;
    const first = invoice === undefined ? undefined : invoiceIndexes.get(invoice);
    if (invoice !== undefined && first !== undefined) {
      problems.push({ at: index, field: 'merchantInvoice', message: BATCH_MESSAGES.invoiceRepeated(invoice, first) });
      continue;
    }
    if (invoice !== undefined) invoiceIndexes.set(invoice, index);
    // Picked up at the store it names, else the default (decision 152); the store's fields, never the client's.
    const store = storeOf(request.storeId);
    if (typeof store === 'string') {
      problems.push({ at: index, field: 'storeId', message: store });
      continue;
    }
    try {
      rows.push({ at: index, row: pricedConsignment(config, atStore(request, store), terms) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const fields = Object.entries(error.fields ?? {});
      if (fields.length === 0) problems.push({ at: index, message: error.message });
      for (const [field, message] of fields) problems.push({ at: index, field, message: message || error.message });
    }
  }
  return { rows, problems };
}

/** What booking a batch needs, and who it tells: each recipient by text, as a bulk booking's file does. */
export function batchBookingContext(
  db: Database,
  config: Config,
  rates: RateCards,
  translators: Translators,
): BulkBookingContext {
  return {
    db,
    config,
    rates,
    notify: bulkBookedNotices(config, translators),
    askToConfirm: (tx, userId, booked) => askRecipientsOfMany(tx, config, translators, userId, booked),
  };
}

/**
 * `POST /api/v1/consignments/batch` (R-MERCHANT-API, issue 41, decision 138): a batch of parcels booked all or none, in one transaction,
 * as a bulk booking's file is (bookMany: counted toward the booking budget, recipients told, labels as one
 * PDF); a batch with any problem is refused whole (422) naming every one. With an `Idempotency-Key`, as a
 * single booking: the same batch again is given the first answer and books nothing, another batch is 422.
 */
export async function bookBatch(
  context: BulkBookingContext,
  sender: { userId: string; merchantId: string; test?: boolean },
  parcels: unknown[],
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<ConsignmentBatch> {
  // Read before the key is looked up, so that it is held to the parcels as read, as a single booking's is.
  const read = parcels.map((parcel) => merchantConsignmentInputSchema.safeParse(parcel));
  const hash = requestHash({ parcels: read.map((parsed, index) => (parsed.success ? parsed.data : parcels[index])) });
  const named = read.map((parsed) => (parsed.success ? parsed.data.storeId : undefined));
  return withBookingTries(context.db, (tx) =>
    answerOnce(tx, sender.userId, idempotencyKey, hash, async () => {
      const storeOf = await pickupStores(tx, sender.merchantId, named);
      const batch: ManyParcels = {
        name: BATCH_NAME,
        read: (terms) => readBatch(context.config, read, storeOf, terms),
        refuse: (problems) => new BatchRefusal(problems),
      };
      const { booking, booked } = await bookMany(context, tx, sender, batch, now);
      return {
        id: booking.id,
        parcels: booked.map((row) => bookingOf(context.config, row)),
        total: booked.reduce((sum, row) => sum + row.total, 0),
        createdAt: booking.createdAt.toISOString(),
        labelsUrl: bulkLabelsUrl(context.config, booking.id),
      };
    }),
  );
}

/**
 * A batch's labels as one PDF stream (issue 41): the website's bulk booking labels (R-BULK-BOOKING, one
 * print at a time, 503 with Retry-After meanwhile), for the merchant API's key; another merchant's 404.
 */
export const printBatchLabels = printBulkLabels;
