import type { PdfDocument } from './bilingual-text.ts';

/** Where a code is drawn, in PDF points. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * bwip-js and qrcode, loaded on the first label as pdfkit is (bilingual-text.ts). They give the codes'
 * modules, which are drawn as rectangles: a PNG for each (encoded by them, decoded again and split
 * from its alpha by pdfkit) cost about 150 ms a label and made a 5,000-label print take minutes
 * (issue 39, decision 100); vectors also print sharp at any printer's resolution.
 */
export async function vectorCodes() {
  const [{ default: bwipjs }, { default: QRCode }] = await Promise.all([import('bwip-js/node'), import('qrcode')]);

  /** A Code 128 barcode of `text` stretched across the box, bars only (the label writes the code out). */
  function code128(doc: PdfDocument, text: string, box: Box) {
    const [symbol] = bwipjs.raw({ bcid: 'code128', text });
    // Bar, space, bar, …: widths in modules.
    const widths = symbol && 'sbs' in symbol ? symbol.sbs : [];
    const module = box.width / widths.reduce((sum, width) => sum + width, 0);
    let x = box.x;
    for (const [index, width] of widths.entries()) {
      if (index % 2 === 0) doc.rect(x, box.y, width * module, box.height);
      x += width * module;
    }
    doc.fillColor('black').fill();
  }

  /** A QR code of `text` filling the square box, without a quiet zone (the label leaves white around it). */
  function qrCode(doc: PdfDocument, text: string, box: Box) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { size, data } = modules;
    const module = Math.min(box.width, box.height) / size;
    for (let row = 0; row < size; row++) {
      // A run of dark modules in a row is one rectangle: a third as many to draw.
      for (let column = 0; column < size; ) {
        if (!data[row * size + column]) {
          column++;
          continue;
        }
        const start = column;
        while (column < size && data[row * size + column]) column++;
        doc.rect(box.x + start * module, box.y + row * module, (column - start) * module, module);
      }
    }
    doc.fillColor('black').fill();
  }

  return { code128, qrCode };
}
