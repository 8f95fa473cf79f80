import type { I18n } from '@lingui/core';
import { busy } from '#server/http/errors.ts';
import { a4Table, ROW_SIZE, type TableColumn } from '#server/pdf/a4-table.ts';
import { type PdfDocument, writeRuns } from '#server/pdf/bilingual-text.ts';
import { pageWritten } from '#server/pdf/page-pace.ts';
import { printSlots } from '#server/pdf/print-slots.ts';
import type { Locale } from '#shared/locale.ts';
import { formatDateTime, formatMoney } from '#shared/locale-format.ts';
import { LEDGER_KIND_NAMES, type LedgerLine, MERCHANT_MESSAGES, maskedNumber, type PayoutMethod } from '#shared/merchant.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';

/** The statement's columns on A4: when, what, parcel, amount, payout. */
const COLUMNS: TableColumn[] = [
  { x: 40, width: 120 },
  { x: 165, width: 110 },
  { x: 280, width: 100 },
  { x: 385, width: 90, align: 'right' as const },
  { x: 485, width: 70 },
];

/** Wallets as their owners write them. */
const WALLET_NAMES = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket' } as const;

// An account or wallet number with all but its last 4 digits hidden (maskedNumber): a statement is mailed and printed.
/** "bKash 01*******5678"… as the statement names where the money goes (issue 39), in the reader's words. */
export function payoutAccount(method: PayoutMethod, i18n: I18n): string {
  return method.kind === 'bank'
    ? i18n._('{bank}, {branch}: account {number} of {name}', {
        bank: method.bankName,
        branch: method.branch,
        number: maskedNumber(method.accountNumber),
        name: method.accountName,
      })
    : i18n._('{wallet} number {number}', { wallet: WALLET_NAMES[method.wallet], number: maskedNumber(method.number) });
}

export interface StatementHeading {
  shopName: string;
  businessName: string;
  /** What it covers, in the reader's words: "Payout PO-5001", "1 November 2026 to 30 November 2026". */
  covers: string;
  /** Where its money is paid: `payoutAccount`. */
  payoutAccount: string;
  i18n: I18n;
  locale: Locale;
}

/**
 * Statement PDFs this process writes at once (decision 100): a statement is a tenth of a labels print
 * at most (60 lines a page), and month's end brings many merchants at once, so two.
 */
const statementPrints = printSlots(2);
/** How long a refused statement is told to wait. */
const STATEMENT_RETRY_SECONDS = 10;

/**
 * A merchant's statement as a PDF stream (R-PAYOUTS): its period and payout account, then the lines,
 * oldest first, in the reader's language and digits, with their total; pages break between lines,
 * each page repeating the columns' names. The lines are read as the pages are written and the reader
 * takes them (issue 39): a year of lines is never in memory at once.
 */
export async function statementPdf(lines: AsyncIterable<LedgerLine>, heading: StatementHeading): Promise<PdfDocument> {
  const pdf = await statementPrints.take(() => writeStatement(lines, heading));
  if (!pdf) throw busy(MERCHANT_MESSAGES.statementsBusy, STATEMENT_RETRY_SECONDS);
  return pdf;
}

async function writeStatement(lines: AsyncIterable<LedgerLine>, heading: StatementHeading): Promise<PdfDocument> {
  const { i18n, locale } = heading;
  const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  const names = [i18n._('When'), i18n._('What'), i18n._('Parcel'), i18n._('Amount'), i18n._('Payout')];
  const { doc, row, full } = await a4Table(
    { Title: `${heading.shopName} · ${heading.businessName} · ${heading.covers}`, Author: heading.shopName },
    COLUMNS,
    names,
  );

  const writePages = async () => {
    writeRuns(doc, `${heading.shopName} · ${i18n._('Statement')}`, 18, { ...full, bold: true });
    writeRuns(doc, heading.businessName, 12, full);
    writeRuns(doc, `${i18n._('Period')}: ${heading.covers}`, 10, full);
    writeRuns(doc, `${i18n._('Paid to')}: ${heading.payoutAccount}`, 10, full);
    doc.moveDown();
    row(names, true);
    let total = 0;
    let written = 0;
    for await (const line of lines) {
      if (doc.destroyed) return;
      total += line.amount;
      written += 1;
      const turned = row([
        formatDateTime(new Date(line.at), locale),
        i18n._(LEDGER_KIND_NAMES[line.kind]),
        line.trackingCode,
        taka(line.amount),
        line.payout,
      ]);
      if (turned) await pageWritten(doc);
    }
    if (written === 0) writeRuns(doc, i18n._('No lines in this period.'), ROW_SIZE, full);
    doc.moveDown(0.5);
    row(['', i18n._('Total'), '', taka(total), ''], true);
    doc.end();
  };
  writePages().catch((error: Error) => doc.destroy(error));
  return doc;
}
