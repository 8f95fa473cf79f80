import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { loadTranslators } from '#server/i18n/catalogues.ts';
import type { Consignment } from '#shared/consignment.ts';
import { consignmentLabel } from './label.ts';

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
