import { z } from 'zod';

/** A payout run works until every merchant owing before its cut-off is paid (issue 40, decision 117). */
export const PAYOUT_RUN_STATES = ['running', 'done'] as const;

/** A merchant the run could not pay yet, and why; retried on the run's next pass. */
export const payoutRunFailureSchema = z.object({
  merchant: z.object({ id: z.string(), businessName: z.string() }),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
});

/** A day's payout run and its progress, as admins follow it (`GET /api/admin/payouts/runs/current`). */
export const payoutRunSchema = z.object({
  day: z.string(),
  cutoff: z.string(),
  state: z.enum(PAYOUT_RUN_STATES),
  /** Merchants owing before the cut-off when the run started. */
  merchants: z.number().int(),
  /** Of them, those settled: paid, or with nothing above zero to pay. */
  settled: z.number().int(),
  failed: z.number().int(),
  payouts: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  failures: z.array(payoutRunFailureSchema),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
