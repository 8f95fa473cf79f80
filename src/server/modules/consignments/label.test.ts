import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { loadTranslators } from '#server/i18n/catalogues.ts';
import type { Consignment } from '#shared/consignment.ts';
import { consignmentLabel, consignmentLabels } from './label.ts';

const area = { name: 'Savar', nameBn: 'সাভার', district: { name: 'Dhaka', nameBn: 'ঢাকা' } };
const PARCEL = {
  trackingCode: 'SCFGVDQVCF1XD',
  trackingUrl: 'http://127.0.0.1:3000/track/SCFGVDQVCF1XD',
  service: 'standard',
  recipient: { name: 'Recipient 1', phone: '01711000001', address: 'House 1, Road 1', area },
  pickup: { name: 'Asha Gadgets', phone: '01711000000', address: 'Road 1', area },
  weightGrams: 500,
  feePayment: 'cod',
  feePaid: false,
  codAmount: 50_000,
  currency: 'BDT',
  estimatedDelivery: { latest: '2026-12-01' },
  note: null,
} as unknown as Consignment;

// The camera's reader (decision 66), with its WebAssembly from the package rather than a CDN.
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
  fireImmediately: true,
});

/**
 * The label's codes are drawn as rectangles (decision 100): printed on an ordinary 200 dpi label printer,
 * and on a 100 dpi one, the barcode reads as the tracking code and the QR code as its tracking address.
 */
describe('a label’s codes, drawn as vectors, scan (R-LABEL)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'label-scan-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each([200, 100])('at %i dpi', async (dpi) => {
    const translators = await loadTranslators();
    const pdf = await consignmentLabel(PARCEL, { shopName: 'SwiftCargo', i18n: translators.en, locale: 'en' });
    writeFileSync(join(folder, 'label.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', join(folder, 'label.pdf'), join(folder, `label-${dpi}`)]);
    const scanned = await readBarcodes(new Uint8Array(readFileSync(join(folder, `label-${dpi}.png`))), {
      formats: ['Code128', 'QRCode'],
    });
    expect(scanned.map((code) => [code.format, code.text]).sort()).toEqual([
      ['Code128', PARCEL.trackingCode],
      ['QRCode', PARCEL.trackingUrl],
    ]);
  });
});

/** The heap's live size after a full collection, in MB. */
function liveHeapMb(): number {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return v8.getHeapStatistics().used_heap_size / 2 ** 20;
}

/**
 * Issue 39: a long labels PDF holds only the page being written. pdfkit kept every word it shaped
 * (7 KB a label) and every written page's objects (1 KB) until the end; 1,000 more labels must not
 * grow the heap by the 8 MB those were.
 */
it('writing 1,000 more labels leaves the heap as it was (decision 100)', async () => {
  const { en } = await loadTranslators();
  function* parcels(from: number, to: number) {
    for (let number = from; number <= to; number++) {
      const code = `SC${String(number).padStart(10, '0')}X`;
      yield {
        ...PARCEL,
        trackingCode: code,
        trackingUrl: `http://127.0.0.1:3000/track/${code}`,
        recipient: { ...PARCEL.recipient, name: `Recipient ${number}`, phone: `0171${String(number).padStart(7, '0')}` },
      } as Consignment;
    }
  }
  const heapMb: number[] = [];
  function* measured() {
    yield* parcels(1, 100);
    heapMb.push(liveHeapMb());
    yield* parcels(101, 1100);
    heapMb.push(liveHeapMb());
  }
  const doc = await consignmentLabels(measured(), { shopName: 'SwiftCargo', title: 'SwiftCargo', i18n: en, locale: 'en' });
  for await (const _chunk of doc);
  const [before = 0, after = 0] = heapMb;
  expect(after - before).toBeLessThan(2);
}, 120_000);
