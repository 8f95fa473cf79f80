import { z } from 'zod';
import { WALLETS } from './merchant.ts';

/**
 * The files finance uploads for a payout run (R-PAYOUT-FILES): one bulk disbursement sheet per wallet
 * (bKash, Nagad, Rocket) and one BEFTN bulk-transfer file for the payouts to bank accounts.
 */
export const PAYOUT_FILE_KINDS = [...WALLETS, 'beftn'] as const;
export type PayoutFileKind = (typeof PAYOUT_FILE_KINDS)[number];

/** `GET /api/admin/payouts/runs/{day}/files/{kind}.csv`: a run's day and the file. */
export const payoutFileParamsSchema = z.object({
  day: z.iso.date({ error: /*i18n*/ 'The run’s day must be a date: YYYY-MM-DD' }),
  kind: z.enum(PAYOUT_FILE_KINDS, { error: /*i18n*/ 'No payout file has this name.' }),
});

export const payoutRunDayParamsSchema = payoutFileParamsSchema.pick({ day: true });

/** A payout to a bank account left out of the BEFTN file: its account has no routing number yet (decision 180). */
export const payoutWithoutRoutingSchema = z.object({
  number: z.string(),
  merchant: z.object({ id: z.string(), businessName: z.string() }),
  amount: z.number().int(),
});

/** `GET /api/admin/payouts/runs/{day}/files`: each file of the run, with the payouts it holds still to transfer and their sum. */
export const payoutFilesSchema = z.object({
  day: z.string(),
  files: z.array(z.object({ kind: z.enum(PAYOUT_FILE_KINDS), payouts: z.number().int(), amount: z.number().int() })),
  /** Payouts to bank accounts with no routing number (the first 50): in no file until the merchant gives one. */
  needsRoutingNumber: z.array(payoutWithoutRoutingSchema),
});
export type PayoutFiles = z.infer<typeof payoutFilesSchema>;

/** What importing a result file did (R-PAYOUT-FILES): an import of the same file again changes nothing, all `unchanged`. */
export const payoutResultImportSchema = z.object({
  paid: z.number().int(),
  failed: z.number().int(),
  /** Lines naming a payout already marked as the line says: a file imported twice. */
  unchanged: z.number().int(),
  /** Poisha given back to the merchants' balances by the failed payouts. */
  returned: z.number().int(),
});
export type PayoutResultImport = z.infer<typeof payoutResultImportSchema>;

/** Why a result file is refused: nothing in it is recorded until every line is right. */
export const PAYOUT_FILE_MESSAGES = {
  noFile: /*i18n*/ 'Upload the result file as CSV.',
  refused: /*i18n*/ 'The result file was not imported: correct the lines named and upload it again. Nothing was changed.',
  missingColumn: /*i18n*/ 'The first line must name the columns: {columns}.',
  noPayout: /*i18n*/ 'No payout has this reference.',
  unknownStatus: /*i18n*/ 'The status must say paid or failed ({words}).',
  noTransactionId: /*i18n*/ 'A paid line needs the bank’s or wallet’s transaction id.',
  repeated: /*i18n*/ 'This payout is on an earlier line too.',
  alreadyPaid: /*i18n*/ 'This payout is already marked paid with another reference.',
  alreadyFailed: /*i18n*/ 'This payout is already marked failed; its amount went back to the balance.',
  tooMany: /*i18n*/ 'A result file holds at most {max} lines.',
  unknownRouting: /*i18n*/ 'No bank branch has this routing number: check it on your cheque book or with your bank.',
  noRun: /*i18n*/ 'No payout run was made on this day.',
} as const;
