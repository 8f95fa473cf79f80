import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PAYOUT_FILE_KINDS, type PayoutFileKind } from '#shared/payout-files.ts';
import beftn from './payout-templates/beftn.json' with { type: 'json' };
import bkash from './payout-templates/bkash.json' with { type: 'json' };
import nagad from './payout-templates/nagad.json' with { type: 'json' };
import result from './payout-templates/result.json' with { type: 'json' };
import rocket from './payout-templates/rocket.json' with { type: 'json' };

/** What a payout file's cell may hold: the payout's and its account's facts (R-PAYOUT-FILES). */
export const PAYOUT_FILE_FIELDS = [
  'walletNumber',
  'amount',
  'reference',
  'routingNumber',
  'accountNumber',
  'accountName',
  'bankName',
  'branch',
  'businessName',
] as const;
export type PayoutFileField = (typeof PAYOUT_FILE_FIELDS)[number];

const columnSchema = z.union([
  z.object({
    heading: z.string(),
    field: z.enum(PAYOUT_FILE_FIELDS),
    /**
     * `taka` (1234.50) or `poisha` (123450) for the amount; `local` (01711000000) or `international`
     * (8801711000000) for a wallet number. Nothing else has a format.
     */
    format: z.enum(['taka', 'poisha', 'local', 'international']).optional(),
  }),
  /** The same text on every line, such as an account type a bank's template asks for. */
  z.object({ heading: z.string(), value: z.string() }),
]);

/** A payout file's columns, in order (decision 180): the template a bank's or wallet's portal asks for. */
export const payoutFileTemplateSchema = z.object({ name: z.string(), columns: z.array(columnSchema).min(1) });
export type PayoutFileTemplate = z.infer<typeof payoutFileTemplateSchema>;

/** The result file the portal gives back: the headings of its four columns, and the words of its statuses. */
export const payoutResultTemplateSchema = z.object({
  name: z.string(),
  columns: z.object({ reference: z.string(), status: z.string(), transactionId: z.string(), reason: z.string() }),
  paid: z.array(z.string()).min(1),
  failed: z.array(z.string()).min(1),
});
export type PayoutResultTemplate = z.infer<typeof payoutResultTemplateSchema>;

export interface PayoutFileTemplates {
  files: Record<PayoutFileKind, PayoutFileTemplate>;
  result: PayoutResultTemplate;
}

const BUILT_IN = { bkash, nagad, rocket, beftn, result };

/**
 * The built-in templates, each replaced by the file of its name in `dir` when there is one (decision
 * 180). A template that is not valid stops the start with its file's name and the problem, so a wrong
 * column never reaches a bank.
 */
export function loadPayoutFileTemplates(dir: string | undefined): PayoutFileTemplates {
  const read = <T>(name: keyof typeof BUILT_IN, schema: z.ZodType<T>): T => {
    let text: string | undefined;
    try {
      if (dir) text = readFileSync(join(dir, `${name}.json`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const parsed = schema.safeParse(text === undefined ? BUILT_IN[name] : JSON.parse(text));
    if (!parsed.success)
      throw new Error(`PAYOUT_FILE_TEMPLATES_DIR: ${name}.json is not a payout file template: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };
  const files = Object.fromEntries(PAYOUT_FILE_KINDS.map((kind) => [kind, read(kind, payoutFileTemplateSchema)]));
  return { files: files as Record<PayoutFileKind, PayoutFileTemplate>, result: read('result', payoutResultTemplateSchema) };
}
