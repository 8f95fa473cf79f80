import type { I18n } from '@lingui/core';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { busy, notFound } from '#server/http/errors.ts';
import { printSlots } from '#server/pdf/print-slots.ts';
import { BULK_BOOKING_MESSAGES } from '#shared/bulk-booking.ts';
import type { Locale } from '#shared/locale.ts';
import { consignmentLabels } from './label.ts';
import { bulkBookingParcels, findBulkBooking } from './repository.ts';
import { presentConsignment } from './service.ts';

/**
 * One bulk booking's labels at a time in this process (decision 100): a 5,000-label print is a minute of
 * CPU, given out a page at a time between other requests; a second would halve everyone's share.
 */
const labelPrints = printSlots(1);
/** How long a refused print is told to wait: about a full print's time on a 2-core machine. */
export const BULK_LABELS_RETRY_SECONDS = 60;

/**
 * A bulk booking's labels (R-BULK-BOOKING) as a PDF stream, its merchant's only: read from the database
 * a page of rows at a time as the reader takes the pages (issue 39). While another is printing, 503 with
 * Retry-After.
 */
export async function printBulkLabels(
  { db, config }: { db: Database; config: Config },
  merchantId: string,
  bulkBookingId: string,
  words: { i18n: I18n; locale: Locale },
) {
  const booking = await findBulkBooking(db, merchantId, bulkBookingId);
  if (!booking) throw notFound(BULK_BOOKING_MESSAGES.notFound);
  const { id } = booking;
  async function* parcels() {
    for await (const row of bulkBookingParcels(db, id)) yield presentConsignment(config, row);
  }
  const pdf = await labelPrints.take(() =>
    consignmentLabels(parcels(), { ...words, shopName: config.shopName, title: config.shopName }),
  );
  if (!pdf) throw busy(BULK_BOOKING_MESSAGES.printing, BULK_LABELS_RETRY_SECONDS);
  return { booking, pdf };
}
