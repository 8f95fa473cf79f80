import type { I18n } from '@lingui/core';
import { newPdfDocument, type PdfDocument, type Placement, pdfBytes, writeRuns } from '#server/pdf/bilingual-text.ts';
import { pageWritten } from '#server/pdf/page-pace.ts';
import { vectorCodes } from '#server/pdf/vector-codes.ts';
import type { NamedPlace } from '#shared/area.ts';
import type { Consignment } from '#shared/consignment.ts';
import type { Locale } from '#shared/locale.ts';
import { formatCalendarDate, formatMoney, formatNumber } from '#shared/locale-format.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { placeName } from '#shared/place-name.ts';

/** A6, the courier label size (105 × 148 mm), in PDF points. */
const PAGE = { width: 297.64, height: 419.53, margin: 14 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;

type Doc = PdfDocument;

/** A paragraph of the label: from its left margin across its width unless placed otherwise. */
const write = (doc: Doc, text: string, size: number, placement: Partial<Placement> = {}) =>
  writeRuns(doc, text, size, { x: PAGE.margin, width: WIDTH, ...placement });

function rule(doc: Doc) {
  const y = doc.y + 4;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.8)
    .stroke();
  doc.y = y + 6;
}

type LabelWords = { shopName: string; i18n: I18n; locale: Locale };
type LabelCodes = Awaited<ReturnType<typeof vectorCodes>>;

/**
 * Consignments' labels (R-LABEL), one A6 page each, as a PDF stream: the tracking code as a Code 128
 * barcode and written out, a QR code of the public tracking address, the recipient (large) and the
 * sender, the service, weight and the cash to collect, in the reader's language. A bulk booking's
 * thousands of labels are read and written page by page as the reader takes them (R-BULK-BOOKING,
 * issue 39): nothing of a page is kept once it is written, and other requests are answered between
 * pages (decision 100).
 */
export async function consignmentLabels(
  consignments: AsyncIterable<Consignment> | Iterable<Consignment>,
  labels: LabelWords & { title: string },
): Promise<Doc> {
  const { shopName, title } = labels;
  const codes = await vectorCodes();
  const doc = await newPdfDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: title, Author: shopName },
  });
  const writePages = async () => {
    for await (const consignment of consignments) {
      if (doc.destroyed) return;
      doc.addPage();
      writeLabelPage(doc, consignment, codes, labels);
      await pageWritten(doc);
    }
    doc.end();
  };
  writePages().catch((error: Error) => doc.destroy(error));
  return doc;
}

/** One consignment's label as a PDF file's bytes. */
export async function consignmentLabel(consignment: Consignment, labels: LabelWords): Promise<Buffer> {
  return pdfBytes(await consignmentLabels([consignment], { ...labels, title: `${labels.shopName} ${consignment.trackingCode}` }));
}

function writeLabelPage(doc: Doc, consignment: Consignment, codes: LabelCodes, labels: LabelWords) {
  const { shopName, i18n, locale } = labels;
  const money = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, consignment.currency, locale);
  const place = (area: NamedPlace) => placeName(area, locale);
  const service = consignment.service.toUpperCase();

  write(doc, shopName, 13, { bold: true });
  doc.font('latinBold').fontSize(13).text(service, PAGE.margin, PAGE.margin, { width: WIDTH, align: 'right' });
  codes.code128(doc, consignment.trackingCode, { x: PAGE.margin, y: doc.y + 4, width: WIDTH, height: 48 });
  doc.y += 54;
  doc
    .font('latinBold')
    .fontSize(16)
    .text(consignment.trackingCode, PAGE.margin, doc.y, { width: WIDTH, align: 'center', characterSpacing: 1.5 });
  rule(doc);

  write(doc, i18n._('To'), 8);
  write(doc, consignment.recipient.name, 13, { bold: true });
  write(doc, consignment.recipient.phone, 11, { bold: true });
  write(doc, consignment.recipient.address, 10);
  write(doc, place(consignment.recipient.area), 10, { bold: true });
  rule(doc);

  write(doc, i18n._('From'), 8);
  write(doc, `${consignment.pickup.name} · ${consignment.pickup.phone}`, 9);
  write(doc, `${consignment.pickup.address}, ${place(consignment.pickup.area)}`, 8);
  rule(doc);

  const kilograms = formatNumber(consignment.weightGrams / 1000, locale);
  const fee =
    consignment.feePayment === 'cod'
      ? i18n._('Fee taken from the cash')
      : consignment.feePayment === 'account'
        ? i18n._('Fee from the merchant’s account')
        : consignment.feePayment === 'shop' || consignment.feePaid
          ? i18n._('Fee paid')
          : i18n._('Fee not paid yet');
  const cash = consignment.codAmount > 0 ? money(consignment.codAmount) : i18n._('Nothing to collect');
  write(doc, `${i18n._('Cash to collect')}: ${cash}`, 12, { bold: true });
  write(doc, `${i18n._('Weight')}: ${kilograms} kg · ${fee}`, 9);
  write(doc, `${i18n._('Deliver by')}: ${formatCalendarDate(consignment.estimatedDelivery.latest, locale)}`, 9);
  // What merchants send with a parcel (issue 41): what the rider hands over, and where the recipient collects it.
  const contents = [consignment.itemDescription, consignment.quantity ? `× ${formatNumber(consignment.quantity, locale)}` : null]
    .filter(Boolean)
    .join(' ');
  if (contents) write(doc, `${i18n._('Contents')}: ${contents}`, 8);
  if (consignment.deliveryType === 'hub') write(doc, i18n._('Collected by the recipient at a hub point'), 9, { bold: true });
  if (consignment.note) write(doc, `${i18n._('Note')}: ${consignment.note}`, 8);

  const qrSize = 74;
  const qrTop = PAGE.height - PAGE.margin - qrSize;
  codes.qrCode(doc, consignment.trackingUrl, { x: PAGE.margin, y: qrTop, width: qrSize, height: qrSize });
  doc.y = qrTop + 8;
  const textLeft = PAGE.margin + qrSize + 8;
  const textWidth = WIDTH - qrSize - 8;
  write(doc, i18n._('Track this parcel'), 8, { x: textLeft, width: textWidth });
  doc
    .font('latin')
    .fontSize(7)
    .text(consignment.trackingUrl, textLeft, doc.y, { width: textWidth, link: consignment.trackingUrl });
}
