import type { I18n } from '@lingui/core';
import { busy } from '#server/http/errors.ts';
import { a4Table, type TableColumn } from '#server/pdf/a4-table.ts';
import { type PdfDocument, writeRuns } from '#server/pdf/bilingual-text.ts';
import { pageWritten } from '#server/pdf/page-pace.ts';
import { printSlots } from '#server/pdf/print-slots.ts';
import { BAG_MESSAGES, type Bag, type BagParcel } from '#shared/bag.ts';
import { findHub, hubName } from '#shared/hubs.ts';
import type { Locale } from '#shared/locale.ts';
import { formatDateTime, formatMoney, formatNumber } from '#shared/locale-format.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { placeName } from '#shared/place-name.ts';

/** The manifest's columns on A4: number, parcel, destination, weight, cash to collect. */
const COLUMNS: TableColumn[] = [
  { x: 40, width: 35, align: 'right' as const },
  { x: 85, width: 110 },
  { x: 200, width: 190 },
  { x: 395, width: 60, align: 'right' as const },
  { x: 460, width: 95, align: 'right' as const },
];

/** Manifests this process writes at once (decision 100): a bag's is a few pages, so as the statements, two. */
const manifestPrints = printSlots(2);
const MANIFEST_RETRY_SECONDS = 10;

/**
 * A bag's manifest as a PDF stream (R-BAGS): the bag, its hubs and when it left, then every parcel in it with
 * its destination, weight and the cash to collect, and the totals, in the reader's language; the parcels are
 * read as the pages are written (R-BOUNDS), like the statements (statement-pdf.ts).
 */
export async function manifestPdf(
  bag: Bag,
  parcels: AsyncIterable<BagParcel>,
  words: { shopName: string; i18n: I18n; locale: Locale },
): Promise<PdfDocument> {
  const pdf = await manifestPrints.take(() => writeManifest(bag, parcels, words));
  if (!pdf) throw busy(BAG_MESSAGES.printing, MANIFEST_RETRY_SECONDS);
  return pdf;
}

async function writeManifest(
  bag: Bag,
  parcels: AsyncIterable<BagParcel>,
  { shopName, i18n, locale }: { shopName: string; i18n: I18n; locale: Locale },
): Promise<PdfDocument> {
  const hub = (id: string) => {
    const found = findHub(id);
    return found ? hubName(found, locale) : id;
  };
  const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  const kilograms = (grams: number) => `${formatNumber(grams / 1000, locale)} kg`;
  const names = ['#', i18n._('Parcel'), i18n._('Destination'), i18n._('Weight'), i18n._('Cash to collect')];
  const { doc, row, full } = await a4Table(
    { Title: `${shopName} · ${i18n._('Manifest')} ${bag.code}`, Author: shopName },
    COLUMNS,
    names,
  );
  const writePages = async () => {
    writeRuns(doc, `${shopName} · ${i18n._('Manifest')} ${bag.code}`, 18, { ...full, bold: true });
    // In words: the fonts' halves have no arrow.
    writeRuns(
      doc,
      i18n._('From {origin} to {destination}', { origin: hub(bag.origin), destination: hub(bag.destination) }),
      12,
      full,
    );
    if (bag.dispatchedAt)
      writeRuns(doc, `${i18n._('Dispatched')}: ${formatDateTime(new Date(bag.dispatchedAt), locale)}`, 10, full);
    doc.moveDown();
    row(names, true);
    let weight = 0;
    let cod = 0;
    let count = 0;
    for await (const parcel of parcels) {
      if (doc.destroyed) return;
      count += 1;
      weight += parcel.weightGrams;
      cod += parcel.codAmount;
      const turned = row([
        formatNumber(count, locale),
        parcel.trackingCode,
        placeName(parcel.area, locale),
        kilograms(parcel.weightGrams),
        parcel.codAmount > 0 ? taka(parcel.codAmount) : '—',
      ]);
      if (turned) await pageWritten(doc);
    }
    doc.moveDown(0.5);
    row(['', i18n._('{count} parcels', { count: formatNumber(count, locale) }), '', kilograms(weight), taka(cod)], true);
    doc.end();
  };
  writePages().catch((error: Error) => doc.destroy(error));
  return doc;
}
