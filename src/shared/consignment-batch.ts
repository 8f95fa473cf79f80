import { z } from 'zod';
import { bookingSchema, merchantConsignmentInputSchema } from './consignment.ts';
import { LIMITS } from './limits.ts';
import { englishText } from './translate.ts';

/**
 * A batch of parcels booked in one call of the merchant API (issue 41): all of them or none, in one
 * transaction, as a bulk booking's file is (R-BULK-BOOKING); each parcel is the single booking's request.
 */
export const BATCH_MESSAGES = {
  size: englishText(/*i18n*/ 'parcels must hold 1 to {max} parcels: send more in further batches.', {
    max: LIMITS.consignmentBatchMax,
  }),
  refused: /*i18n*/ 'Nothing was booked: correct the parcels listed in problems and send the batch again.',
  invoiceRepeated: (invoice: string, index: number) =>
    englishText(/*i18n*/ 'Invoice {invoice} is on the parcel at index {index} too: each parcel needs its own invoice number.', {
      invoice,
      index,
    }),
} as const;

const parcelsOf = <Parcel extends z.ZodType>(parcel: Parcel) =>
  z.object({
    parcels: z
      .array(parcel)
      .min(1, BATCH_MESSAGES.size)
      .max(LIMITS.consignmentBatchMax, BATCH_MESSAGES.size)
      .describe('The parcels, each as `POST /api/v1/consignments` takes one; they are booked in this order.'),
  });

/** `POST /api/v1/consignments/batch` as the API document describes it. */
export const consignmentBatchInputSchema = parcelsOf(merchantConsignmentInputSchema);
export type ConsignmentBatchInput = z.input<typeof consignmentBatchInputSchema>;

/**
 * What the route checks before its handler: the batch's size. Each parcel is read by the booking itself,
 * so that a refusal names every problem of every parcel, not the first the validator meets.
 */
export const consignmentBatchEnvelopeSchema = parcelsOf(z.unknown());

/** A booked batch: each parcel's booking in the batch's order, and the bulk booking they make on the website. */
export const consignmentBatchSchema = z.object({
  id: z
    .string()
    .describe('The batch’s id: the website lists it with the merchant’s bulk bookings (a test key’s batch is not listed there).'),
  parcels: z.array(bookingSchema).describe('Each parcel booked, in the order the batch sent them.'),
  total: z.number().int().describe('The fees of all its parcels, in poisha.'),
  createdAt: z.string(),
  labelsUrl: z
    .string()
    .describe(
      'All its labels as one PDF, one A6 page a parcel in the batch’s order: the website’s bulk booking labels, for the merchant signed in there.',
    ),
});
export type ConsignmentBatch = z.infer<typeof consignmentBatchSchema>;
