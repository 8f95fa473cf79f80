import type { I18n } from '@lingui/core';
import { newPdfDocument, pdfBytes, writeRuns } from '#server/pdf/bilingual-text.ts';
import type { Locale } from '#shared/locale.ts';
import { formatDateTime, formatMoney } from '#shared/locale-format.ts';
import { LEDGER_KIND_NAMES, type LedgerLine } from '#shared/merchant.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';

/** A4 in PDF points, with the statement's columns: when, what, parcel, amount, payout. */
const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
const COLUMNS = [
  { x: 40, width: 120 },
  { x: 165, width: 110 },
  { x: 280, width: 100 },
  { x: 385, width: 90, align: 'right' as const },
  { x: 485, width: 70 },
];
const ROW_SIZE = 9;

export interface StatementHeading {
  shopName: string;
  businessName: string;
  /** What it covers, in the reader's words: "Payout PO-5001", "2026-11-01 to 2026-11-30", "Every line". */
  covers: string;
  i18n: I18n;
  locale: Locale;
}

/**
 * A merchant's statement as a PDF (R-PAYOUTS): the lines of a period or a payout, oldest first, in the
 * reader's language and digits, with their total; pages break between lines, each page repeating the
 * columns' names.
 */
export async function statementPdf(lines: readonly LedgerLine[], heading: StatementHeading): Promise<Buffer> {
  const { i18n, locale } = heading;
  const doc = await newPdfDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${heading.shopName} · ${heading.businessName} · ${heading.covers}`, Author: heading.shopName },
  });
  const done = pdfBytes(doc);
  const full = { x: PAGE.margin, width: PAGE.width - 2 * PAGE.margin };
  const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  const row = (cells: (string | null)[], bold = false) => {
    if (doc.y > PAGE.height - PAGE.margin - 3 * ROW_SIZE) {
      doc.addPage();
      row(names, true);
    }
    const top = doc.y;
    let bottom = top;
    for (const [index, cell] of cells.entries()) {
      doc.y = top;
      writeRuns(doc, cell ?? '', ROW_SIZE, { ...(COLUMNS[index] as (typeof COLUMNS)[number]), bold });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 3;
  };
  const names = [i18n._('When'), i18n._('What'), i18n._('Parcel'), i18n._('Amount'), i18n._('Payout')];

  writeRuns(doc, `${heading.shopName} · ${i18n._('Statement')}`, 18, { ...full, bold: true });
  writeRuns(doc, heading.businessName, 12, full);
  writeRuns(doc, heading.covers, 10, full);
  doc.moveDown();
  row(names, true);
  for (const line of lines)
    row([
      formatDateTime(new Date(line.at), locale),
      i18n._(LEDGER_KIND_NAMES[line.kind]),
      line.trackingCode,
      taka(line.amount),
      line.payout,
    ]);
  if (lines.length === 0) writeRuns(doc, i18n._('No lines in this period.'), ROW_SIZE, full);
  doc.moveDown(0.5);
  row(['', i18n._('Total'), '', taka(lines.reduce((sum, line) => sum + line.amount, 0)), ''], true);
  doc.end();
  return done;
}
