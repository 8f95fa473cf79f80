import type { I18n } from '@lingui/core';
import { newPdfDocument, pdfBytes, writeRuns } from '#server/pdf/bilingual-text.ts';
import { vectorCodes } from '#server/pdf/vector-codes.ts';
import type { Bag } from '#shared/bag.ts';
import { findHub, hubName } from '#shared/hubs.ts';
import type { Locale } from '#shared/locale.ts';
import { formatDateTime, formatNumber } from '#shared/locale-format.ts';

/** A6, as the parcels' labels (consignments/label.ts), in PDF points. */
const PAGE = { width: 297.64, height: 419.53, margin: 14 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;

/**
 * A closed bag's label (R-BAGS): its code as a Code 128 barcode and a QR code (what the hubs scan to send and
 * receive it), written out, the hubs it goes between in large letters, and its parcels' count, in the reader's
 * language. The codes are drawn by the parcels' labels' own vectorCodes.
 */
export async function bagLabel(bag: Bag, words: { shopName: string; i18n: I18n; locale: Locale }): Promise<Buffer> {
  const { shopName, i18n, locale } = words;
  const codes = await vectorCodes();
  const doc = await newPdfDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    info: { Title: `${shopName} ${bag.code}`, Author: shopName },
  });
  const full = { x: PAGE.margin, width: WIDTH };
  const hub = (id: string) => {
    const found = findHub(id);
    return found ? hubName(found, locale) : id;
  };
  writeRuns(doc, `${shopName} · ${i18n._('Bag')}`, 13, { ...full, bold: true });
  codes.code128(doc, bag.code, { x: PAGE.margin, y: doc.y + 4, width: WIDTH, height: 56 });
  doc.y += 62;
  doc.font('latinBold').fontSize(18).text(bag.code, PAGE.margin, doc.y, { width: WIDTH, align: 'center', characterSpacing: 2 });
  doc.moveDown(0.5);
  writeRuns(doc, i18n._('From'), 8, full);
  writeRuns(doc, hub(bag.origin), 14, { ...full, bold: true });
  writeRuns(doc, i18n._('To'), 8, full);
  writeRuns(doc, hub(bag.destination), 20, { ...full, bold: true });
  doc.moveDown(0.5);
  writeRuns(doc, i18n._('{count} parcels', { count: formatNumber(bag.parcels, locale) }), 12, { ...full, bold: true });
  if (bag.closedAt) writeRuns(doc, `${i18n._('Closed')}: ${formatDateTime(new Date(bag.closedAt), locale)}`, 9, full);
  const qrSize = 96;
  codes.qrCode(doc, bag.code, {
    x: PAGE.width - PAGE.margin - qrSize,
    y: PAGE.height - PAGE.margin - qrSize,
    width: qrSize,
    height: qrSize,
  });
  doc.end();
  return pdfBytes(doc);
}
