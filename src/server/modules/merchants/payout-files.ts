import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { merchants, payoutRuns, payouts } from '#server/db/schema.ts';
import { csvRow } from '#server/http/csv.ts';
import { notFound } from '#server/http/errors.ts';
import type { PayoutMethod } from '#shared/merchant.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { PAYOUT_FILE_KINDS, PAYOUT_FILE_MESSAGES, type PayoutFileKind, type PayoutFiles } from '#shared/payout-files.ts';
import { payoutNumber } from './ledger.ts';
import type { PayoutFileField, PayoutFileTemplate } from './payout-file-templates.ts';

/** Payouts read at a time while a file is written: its memory is a page, however many merchants are paid. */
const FILE_PAGE_ROWS = 500;
/** Characters handed on at once, as the statements do (decision 121). */
const CHUNK_CHARS = 64 * 1024;
const WITHOUT_ROUTING_SHOWN = 50;

/** Which file a payout goes in: its wallet's sheet, or the BEFTN file for a bank account. */
const fileKind = sql<PayoutFileKind>`(case when ${merchants.payoutMethod}->>'kind' = 'wallet' then ${merchants.payoutMethod}->>'wallet' else 'beftn' end)`;
const hasRouting = sql`(${merchants.payoutMethod} ? 'routingNumber')`;
/** A bank account with no routing number cannot be sent by BEFTN; it waits in no file (decision 180). */
const inAFile = sql`(${merchants.payoutMethod}->>'kind' = 'wallet' or ${hasRouting})`;

/** The run's payouts still to transfer: made with its cut-off, neither paid nor failed. */
function toTransfer(cutoff: Date): SQL | undefined {
  return and(eq(payouts.cutoff, cutoff), isNull(payouts.paidAt), isNull(payouts.failedAt));
}

/** The cut-off of the run of `day`, or 404: asked before a file's first byte is sent. */
export async function runCutoff(db: Database, day: string): Promise<Date> {
  const [run] = await db.select({ cutoff: payoutRuns.cutoff }).from(payoutRuns).where(eq(payoutRuns.day, day));
  if (!run) throw notFound(PAYOUT_FILE_MESSAGES.noRun);
  return run.cutoff;
}

/** `GET /api/admin/payouts/runs/{day}/files`: each file's payouts still to transfer and their sum, and the bank payouts no file can hold. */
export async function payoutFiles(db: Database, day: string): Promise<PayoutFiles> {
  const cutoff = await runCutoff(db, day);
  const sums = await db
    .select({
      kind: fileKind,
      payouts: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)`.mapWith(Number),
    })
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(and(toTransfer(cutoff), inAFile))
    .groupBy(fileKind);
  const without = await db
    .select({ number: payouts.number, merchantId: merchants.id, businessName: merchants.businessName, amount: payouts.amount })
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(and(toTransfer(cutoff), sql`not ${inAFile}`))
    .orderBy(asc(payouts.number))
    .limit(WITHOUT_ROUTING_SHOWN);
  return {
    day,
    files: PAYOUT_FILE_KINDS.map((kind) => {
      const sum = sums.find((row) => row.kind === kind);
      return { kind, payouts: sum?.payouts ?? 0, amount: sum?.amount ?? 0 };
    }),
    needsRoutingNumber: without.map((row) => ({
      number: payoutNumber(row.number),
      merchant: { id: row.merchantId, businessName: row.businessName },
      amount: row.amount,
    })),
  };
}

interface FileLine {
  number: number;
  amount: number;
  businessName: string;
  payoutMethod: PayoutMethod;
}

/** The payouts of one file, in number order, a page at a time (keyset on the number, payouts_cutoff_number_idx). */
async function* fileLines(db: Database, cutoff: Date, kind: PayoutFileKind): AsyncGenerator<FileLine> {
  for (let after = 0; ; ) {
    const page = await db
      .select({
        number: payouts.number,
        amount: payouts.amount,
        businessName: merchants.businessName,
        payoutMethod: merchants.payoutMethod,
      })
      .from(payouts)
      .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
      .where(and(toTransfer(cutoff), inAFile, sql`${fileKind} = ${kind}`, gt(payouts.number, after)))
      .orderBy(asc(payouts.number))
      .limit(FILE_PAGE_ROWS);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < FILE_PAGE_ROWS) return;
    after = last.number;
  }
}

/** One cell of a line as the template's column asks. */
function cellOf(line: FileLine, field: PayoutFileField, format: string | undefined): string | number {
  const method = line.payoutMethod;
  const bank = method.kind === 'bank' ? method : undefined;
  switch (field) {
    case 'amount':
      return format === 'poisha' ? line.amount : (line.amount / POISHA_PER_TAKA).toFixed(2);
    case 'reference':
      return payoutNumber(line.number);
    case 'walletNumber':
      if (method.kind !== 'wallet') return '';
      return format === 'international' ? `88${method.number}` : method.number;
    case 'businessName':
      return line.businessName;
    default:
      return bank?.[field] ?? '';
  }
}

/**
 * A run's file of `kind` as CSV in its template's columns (R-PAYOUT-FILES), written as its payouts are
 * read. The reference of each line is the payout's number, which the portal's result file gives back.
 */
export async function* payoutFileCsv(
  db: Database,
  cutoff: Date,
  kind: PayoutFileKind,
  template: PayoutFileTemplate,
): AsyncGenerator<string> {
  let chunk = csvRow(template.columns.map((column) => column.heading));
  for await (const line of fileLines(db, cutoff, kind)) {
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
    chunk += csvRow(
      template.columns.map((column) => ('value' in column ? column.value : cellOf(line, column.field, column.format))),
    );
  }
  yield chunk;
}
