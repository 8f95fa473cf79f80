import { z } from 'zod';
import { bdMobileSchema } from './bd-mobile.ts';

/** How far back a recipient's record looks (R-RECIPIENT-RECORD). */
export const RECIPIENT_RECORD_MONTHS = 12;

/** The number a merchant asks about, typed as people type it (Bengali digits, +880, spaces). */
export const recipientRecordLookupSchema = z.object({ phone: bdMobileSchema });
export type RecipientRecordLookup = z.input<typeof recipientRecordLookupSchema>;

/** An admin hides a number's record, at its recipient's request, or shows it again. */
export const recipientRecordVisibilitySchema = z.object({ phone: bdMobileSchema, hidden: z.boolean() });

/**
 * Parcels to one number across the network over the last RECIPIENT_RECORD_MONTHS (decision 168): counts
 * only, never a merchant, an address or a parcel. Sandbox parcels are not counted.
 */
export const recipientRecordSchema = z.object({
  phone: z.string().describe('The number, in its normal form (11 digits)'),
  since: z.iso.date().describe('The first day counted'),
  hidden: z.boolean().describe('The recipient asked for the record to be shown to nobody: every count is 0'),
  parcels: z.number().int().describe('Parcels booked to it, cancelled ones included'),
  delivered: z.number().int(),
  partlyDelivered: z.number().int(),
  returned: z.number().int().describe('Came back to their sender, or are on their way back'),
  refused: z.number().int().describe('Parcels with a delivery the recipient refused, whatever came of them after'),
  cancelled: z.number().int(),
  deliveredPercent: z
    .number()
    .int()
    .min(0)
    .max(100)
    .nullable()
    .describe('Delivered (fully or partly) out of those delivered or returned, rounded; null when none of them ended yet'),
});
export type RecipientRecord = z.infer<typeof recipientRecordSchema>;
