import { z } from 'zod';
import { COD_MAX_POISHA } from './parcel-services.ts';

/**
 * A rider's cash handed in at a hub (issue 43, R-CASH-HANDINS, decision 174): the operator counts it and says
 * how much; the server sets it against what the rider's deliveries collected and keeps any difference. Poisha.
 */
export const CASH_HANDIN_MESSAGES = {
  rider: /*i18n*/ 'Choose a rider',
  counted: /*i18n*/ 'Type the cash you counted, in taka',
  nothingHeld: /*i18n*/ 'This rider holds no collected cash: nothing to hand in.',
} as const;

/** The most one hand-in may count: a full run of the largest cash parcels is far below it. */
const MOST_COUNTED = 1_000 * COD_MAX_POISHA;

export const cashHandinRequestSchema = z.object({
  rider: z.email({ error: CASH_HANDIN_MESSAGES.rider }),
  counted: z
    .number({ error: CASH_HANDIN_MESSAGES.counted })
    .int(CASH_HANDIN_MESSAGES.counted)
    .min(0, CASH_HANDIN_MESSAGES.counted)
    .max(MOST_COUNTED, CASH_HANDIN_MESSAGES.counted)
    .describe('The cash the operator counted, in poisha'),
});
export type CashHandinRequest = z.infer<typeof cashHandinRequestSchema>;

export const cashHandinSchema = z.object({
  parcels: z.number().int(),
  /** What the rider's deliveries collected and had not handed in: `amount` as before hand-ins were counted. */
  amount: z.number().int(),
  counted: z.number().int(),
  /** Counted less collected: below 0 the rider handed in less, above 0 more. */
  difference: z.number().int(),
});
export type CashHandin = z.infer<typeof cashHandinSchema>;

/** A hand-in that was short or over, as Operations flags it. */
export const cashDifferenceSchema = cashHandinSchema.extend({
  rider: z.object({ name: z.string(), email: z.string() }).nullable(),
  at: z.string(),
});
export type CashDifference = z.infer<typeof cashDifferenceSchema>;
