import { z } from 'zod';

/**
 * What the daily reconciliation compares (R-RECONCILIATION, decision 181): the cash riders handed in
 * with the ledger's credits for those parcels, the payments each provider received with the orders and
 * parcel fees they paid, and the payouts sent (or given back) with the ledger lines they settled.
 */
export const RECONCILIATION_CHECKS = ['cash', 'payments', 'payouts'] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

/** Differences listed in one report; the totals count them all. */
export const RECONCILIATION_DIFFERENCES_SHOWN = 500;

/** `GET /api/admin/reconciliation?day=`: the shop's day; yesterday's without one (the last whole day). */
export const reconciliationQuerySchema = z.object({
  day: z.iso.date({ error: /*i18n*/ 'day must be a date: YYYY-MM-DD' }).optional(),
});

/** One side against the other, in poisha: `difference` is `actual` − `expected`, 0 when it closes. */
export const reconciliationTotalSchema = z.object({
  check: z.enum(RECONCILIATION_CHECKS),
  /** The provider, for payments; null for cash and payouts. */
  provider: z.string().nullable(),
  /** What the ledger (or the shop's books) says. */
  expected: z.number().int(),
  /** What was handed in, received or sent. */
  actual: z.number().int(),
  difference: z.number().int(),
});

/** One thing that does not match: a hand-in, a parcel, a payment or a payout. */
export const reconciliationDifferenceSchema = z.object({
  check: z.enum(RECONCILIATION_CHECKS),
  /** What it is: a tracking code, an order number (SC-…), a payout number (PO-…), or a hand-in's rider and time. */
  subject: z.string(),
  /** Why the two sides differ, in a few words. */
  reason: z.string(),
  expected: z.number().int(),
  actual: z.number().int(),
  difference: z.number().int(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationReportSchema = z.object({
  day: z.string(),
  /** Every total's difference is 0 and nothing is listed. */
  closes: z.boolean(),
  totals: z.array(reconciliationTotalSchema),
  /** The first RECONCILIATION_DIFFERENCES_SHOWN, largest first; `differenceCount` counts them all. */
  differences: z.array(reconciliationDifferenceSchema),
  differenceCount: z.number().int(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** The reasons a difference names (a text the page shows in the reader's language). */
export const RECONCILIATION_REASONS = {
  handinCounted: /*i18n*/ 'The cash counted at the hand-in is not what the rider collected.',
  parcelLedger: /*i18n*/ 'The ledger credits this parcel with another amount than the cash handed in for it.',
  paymentBooked: /*i18n*/ 'The payment received is not what the order or parcel fee it paid is booked at.',
  payoutLines: /*i18n*/ 'The payout’s amount is not the sum of the ledger lines it settled.',
  payoutReturned: /*i18n*/ 'The failed payout’s amount did not go back to the balance whole.',
} as const;
