import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { payouts } from '#server/db/schema.ts';
import { type CsvRecord, CsvRefusal, readCsv } from '#server/http/csv-reader.ts';
import { badRequest } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import { PAYOUT_FILE_MESSAGES, type PayoutResultImport } from '#shared/payout-files.ts';
import { englishText } from '#shared/translate.ts';
import type { PayoutResultTemplate } from './payout-file-templates.ts';
import { tellPayoutsPaid } from './payouts.ts';

/** A reason or transaction id kept of a result line; a portal's longer text is cut. */
const TEXT_KEPT = 500;

interface ResultLine {
  line: number;
  number: number;
  outcome: 'paid' | 'failed';
  transactionId: string;
  reason: string;
}

/** The rows a statement returned (both drivers answer `rows`). */
async function rowsOf<Row>(tx: Transaction, query: SQL): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Problems by line ("line 3"), as the rate card's import names them for the page. */
type Problems = Record<string, string>;

/** The result file's lines, each checked alone; every problem named by its line. */
function readResultFile(file: Buffer, template: PayoutResultTemplate, problems: Problems): ResultLine[] {
  const lines: ResultLine[] = [];
  const words = (list: string[]) => new Set(list.map((word) => word.trim().toLowerCase()));
  const paidWords = words(template.paid);
  const failedWords = words(template.failed);
  let at: Record<keyof PayoutResultTemplate['columns'], number> | undefined;
  const seen = new Set<number>();
  const visit = ({ line, cells }: CsvRecord) => {
    const cell = (index: number) => (cells[index] ?? '').trim();
    if (!at) {
      const headings = cells.map((heading) => heading.trim().toLowerCase());
      const find = (heading: string) => headings.indexOf(heading.trim().toLowerCase());
      const found = {
        reference: find(template.columns.reference),
        status: find(template.columns.status),
        transactionId: find(template.columns.transactionId),
        reason: find(template.columns.reason),
      };
      if (found.reference < 0 || found.status < 0 || found.transactionId < 0) {
        const { reference, status, transactionId } = template.columns;
        throw new CsvRefusal(
          line,
          englishText(PAYOUT_FILE_MESSAGES.missingColumn, { columns: [reference, status, transactionId].join(', ') }),
        );
      }
      at = found;
      return;
    }
    const reference = /^PO-?(\d{1,9})$/i.exec(cell(at.reference));
    const status = cell(at.status).toLowerCase();
    const outcome = paidWords.has(status) ? 'paid' : failedWords.has(status) ? 'failed' : undefined;
    const transactionId = cell(at.transactionId).slice(0, TEXT_KEPT);
    const problem = !reference
      ? PAYOUT_FILE_MESSAGES.noPayout
      : !outcome
        ? englishText(PAYOUT_FILE_MESSAGES.unknownStatus, { words: [...template.paid, ...template.failed].join(', ') })
        : outcome === 'paid' && !transactionId
          ? PAYOUT_FILE_MESSAGES.noTransactionId
          : seen.has(Number(reference[1]))
            ? PAYOUT_FILE_MESSAGES.repeated
            : undefined;
    if (problem || !reference || !outcome) {
      problems[`line ${line}`] = problem ?? PAYOUT_FILE_MESSAGES.noPayout;
      return;
    }
    const number = Number(reference[1]);
    seen.add(number);
    const reason = (at.reason < 0 ? '' : cell(at.reason)) || status;
    lines.push({ line, number, outcome, transactionId, reason: reason.slice(0, TEXT_KEPT) });
  };
  try {
    readCsv(
      file,
      {
        max: LIMITS.payoutResultLinesMax,
        tooMany: englishText(PAYOUT_FILE_MESSAGES.tooMany, { max: LIMITS.payoutResultLinesMax }),
      },
      visit,
    );
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    problems[`line ${error.line}`] = error.message;
  }
  return lines;
}

/**
 * Imports a bank's or wallet portal's result file (R-PAYOUT-FILES): each line's payout marked paid with
 * the portal's transaction id, or failed with its reason and its amount given back to the merchant's
 * balance by a correction line naming it (lines are never edited, R-LEDGER). All in one transaction, and
 * only when every line is right: a bad file is refused naming its lines, and nothing changes. A line whose
 * payout is already marked as it says changes nothing, so the same file imported twice does nothing more.
 */
export async function importPayoutResults(
  db: Database,
  file: Buffer,
  template: PayoutResultTemplate,
  adminId: string,
): Promise<PayoutResultImport> {
  const problems: Problems = {};
  const lines = readResultFile(file, template, problems);
  const refuse = () => badRequest(PAYOUT_FILE_MESSAGES.refused, problems);
  if (Object.keys(problems).length > 0) throw refuse();
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(payouts)
      .where(
        inArray(
          payouts.number,
          lines.map((line) => line.number),
        ),
      )
      .for('update');
    const byNumber = new Map(found.map((payout) => [payout.number, payout]));
    const toPay: ResultLine[] = [];
    const toFail: ResultLine[] = [];
    let unchanged = 0;
    for (const line of lines) {
      const payout = byNumber.get(line.number);
      const problem = !payout
        ? PAYOUT_FILE_MESSAGES.noPayout
        : payout.paidAt
          ? line.outcome === 'paid' && payout.reference === line.transactionId
            ? null
            : PAYOUT_FILE_MESSAGES.alreadyPaid
          : payout.failedAt
            ? line.outcome === 'failed'
              ? null
              : PAYOUT_FILE_MESSAGES.alreadyFailed
            : undefined;
      if (problem) problems[`line ${line.line}`] = problem;
      else if (problem === null) unchanged += 1;
      else (line.outcome === 'paid' ? toPay : toFail).push(line);
    }
    if (Object.keys(problems).length > 0) throw refuse();
    const paid = toPay.length
      ? await rowsOf<{ id: string }>(
          tx,
          sql`
          update ${payouts} set paid_at = now(), reference = result.transaction_id, paid_by = ${adminId}
          from unnest(${sql.param(toPay.map((line) => line.number))}::int[], ${sql.param(toPay.map((line) => line.transactionId))}::text[])
            as result(number, transaction_id)
          where ${payouts.number} = result.number
          returning ${payouts.id}`,
        )
      : [];
    const paidRows = paid.length
      ? await tx
          .select()
          .from(payouts)
          .where(
            inArray(
              payouts.id,
              paid.map((row) => row.id),
            ),
          )
      : [];
    await tellPayoutsPaid(tx, paidRows);
    let returned = 0;
    if (toFail.length) {
      const failed = await rowsOf<{ amount: string }>(
        tx,
        sql`
        with failed as (
          update ${payouts} set failed_at = now(), failure_reason = result.reason
          from unnest(${sql.param(toFail.map((line) => line.number))}::int[], ${sql.param(toFail.map((line) => line.reason))}::text[])
            as result(number, reason)
          where ${payouts.number} = result.number
          returning ${payouts}.id, ${payouts}.merchant_id, ${payouts}.amount, ${payouts}.number, ${payouts}.failure_reason
        )
        insert into merchant_ledger (merchant_id, kind, amount, note, returns_payout_id)
        select merchant_id, 'correction', amount, 'PO-' || number || ' was not paid: ' || failure_reason, id from failed
        returning amount`,
      );
      returned = failed.reduce((total, row) => total + Number(row.amount), 0);
    }
    return { paid: paidRows.length, failed: toFail.length, unchanged, returned };
  });
}
