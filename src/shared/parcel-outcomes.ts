import { z } from 'zod';

/**
 * How a parcel ended, for the weekly shares (R-PARCEL-OUTCOMES): delivered (fully or partly), returned
 * (back or on its way back), cancelled, or not ended yet. The database's parcel_outcome_of() says the same.
 */
export const PARCEL_OUTCOMES = ['delivered', 'returned', 'cancelled', 'open'] as const;
export type ParcelOutcome = (typeof PARCEL_OUTCOMES)[number];

/** Weeks the merchant page and the admin Overview show. */
export const OUTCOME_WEEKS = 12;

export const outcomeWeekSchema = z.object({
  week: z.iso.date().describe('The Monday of the week the parcels were booked in (Asia/Dhaka)'),
  delivered: z.number().int(),
  returned: z.number().int(),
  cancelled: z.number().int(),
  open: z.number().int().describe('Not ended yet: on their way, or held'),
});
export type OutcomeWeek = z.infer<typeof outcomeWeekSchema>;

/** The last OUTCOME_WEEKS weeks, oldest first, every week present (zeros for a week with no parcel). */
export const parcelOutcomesSchema = z.object({ weeks: z.array(outcomeWeekSchema) });
export type ParcelOutcomes = z.infer<typeof parcelOutcomesSchema>;

/** Delivered out of those that ended delivered or returned, as a whole percent; null when none did. */
export function deliveredShare(weeks: readonly OutcomeWeek[]): number | null {
  const delivered = weeks.reduce((sum, week) => sum + week.delivered, 0);
  const ended = delivered + weeks.reduce((sum, week) => sum + week.returned, 0);
  return ended === 0 ? null : Math.round((delivered * 100) / ended);
}
