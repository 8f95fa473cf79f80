import { z } from 'zod';

/**
 * How a parcel ended, for the weekly shares (R-PARCEL-OUTCOMES): delivered (fully or partly), returned
 * (back or on its way back), cancelled, or not ended yet. The database's parcel_outcome_of() says the same.
 */
export const PARCEL_OUTCOMES = ['delivered', 'returned', 'cancelled', 'open'] as const;
export type ParcelOutcome = (typeof PARCEL_OUTCOMES)[number];

/** Weeks the merchant page and the admin Overview show. */
export const OUTCOME_WEEKS = 12;

/**
 * Whether a parcel's recipient confirmed it before pickup (R-CONFIRM-BEFORE-PICKUP, decision 182): confirmed
 * (or the change they asked for accepted), asked and not confirmed (waiting, a change waiting, not ordered), or
 * never asked. The database's trigger on recipient_confirmations says the same.
 */
export const OUTCOME_CONFIRMATIONS = ['confirmed', 'unconfirmed', 'not_asked'] as const;
export type OutcomeConfirmation = (typeof OUTCOME_CONFIRMATIONS)[number];

const outcomeCountsSchema = z.object({
  delivered: z.number().int(),
  returned: z.number().int(),
  cancelled: z.number().int(),
  open: z.number().int().describe('Not ended yet: on their way, or held'),
});
export type OutcomeCounts = z.infer<typeof outcomeCountsSchema>;

export const outcomeWeekSchema = outcomeCountsSchema.extend({
  week: z.iso.date().describe('The Monday of the week the parcels were booked in (Asia/Dhaka)'),
});
export type OutcomeWeek = z.infer<typeof outcomeWeekSchema>;

/**
 * The last OUTCOME_WEEKS weeks, oldest first, every week present (zeros for a week with no parcel); and the
 * same weeks' parcels by whether their recipients confirmed them (issue 44's "Measure it", decision 182).
 */
export const parcelOutcomesSchema = z.object({
  weeks: z.array(outcomeWeekSchema),
  byConfirmation: z
    .object({
      confirmed: outcomeCountsSchema.describe('Their recipients confirmed them (or the change they asked for was accepted)'),
      unconfirmed: outcomeCountsSchema.describe('Their recipients were asked and did not confirm'),
      notAsked: outcomeCountsSchema.describe('Their recipients were never asked'),
    })
    .describe('The parcels of the same weeks, by whether their recipients confirmed them before pickup'),
});
export type ParcelOutcomes = z.infer<typeof parcelOutcomesSchema>;

/** Delivered out of those that ended delivered or returned, as a whole percent; null when none did. */
export function deliveredShare(weeks: readonly OutcomeCounts[]): number | null {
  const delivered = weeks.reduce((sum, week) => sum + week.delivered, 0);
  const ended = delivered + weeks.reduce((sum, week) => sum + week.returned, 0);
  return ended === 0 ? null : Math.round((delivered * 100) / ended);
}
