import type { BarcodeFormat, BarcodeDetector as ZXingDetector } from 'barcode-detector/ponyfill';
import { readTrackingCode } from '#shared/tracking-code.ts';

/** What the labels carry (label.ts on the server): the code as Code 128, its tracking page's address as a QR code. */
const LABEL_FORMATS: BarcodeFormat[] = ['code_128', 'qr_code'];

/** The one method of the Barcode Detection API the scan screen uses. */
export interface LabelDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The browser's own detector where it has one that reads both formats; otherwise ZXing's, compiled to WebAssembly. */
export async function openLabelDetector(): Promise<LabelDetector> {
  const native = (globalThis as { BarcodeDetector?: typeof ZXingDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch((): BarcodeFormat[] => []);
    if (LABEL_FORMATS.every((format) => supported.includes(format))) return new native({ formats: LABEL_FORMATS });
  }
  // Loaded only here: 1 MB of WebAssembly, served by the shop itself (no network beyond it, R-HEADERS).
  const [{ BarcodeDetector, prepareZXingModule }, { default: readerWasm }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path) },
  });
  return new BarcodeDetector({ formats: LABEL_FORMATS });
}

/** A label's tracking code from what a barcode held: the code itself, or its tracking page's address. */
export function trackingCodeOnLabel(rawValue: string): string | undefined {
  const lastPart = rawValue.trim().split('/').filter(Boolean).at(-1) ?? '';
  return readTrackingCode(lastPart);
}
