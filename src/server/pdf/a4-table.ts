import { newPdfDocument, type PdfDocument, type Placement, writeRuns } from './bilingual-text.ts';

/** A4 in PDF points, and the margin the printed lists (statements, manifests) keep. */
export const A4 = { width: 595.28, height: 841.89, margin: 40 } as const;
/** The type size of a list's rows. */
export const ROW_SIZE = 9;

/** A column of a printed list: where it starts, how wide it is, and its alignment. */
export type TableColumn = Omit<Placement, 'bold'>;

/**
 * An A4 document that writes a list as rows of `columns` (R-PAYOUTS' statements, R-BAGS' manifests): a row
 * that would not fit begins a new page, which repeats the columns' `names` first. `row` answers true when
 * it began a page, so the caller lets the reader take the page before writing more (page-pace.ts).
 */
export async function a4Table(info: PDFKit.DocumentInfo, columns: readonly TableColumn[], names: string[]) {
  const doc = await newPdfDocument({ size: 'A4', margin: A4.margin, info });
  const row = (cells: (string | null)[], bold = false): boolean => {
    const pageFull = doc.y > A4.height - A4.margin - 3 * ROW_SIZE;
    if (pageFull) {
      doc.addPage();
      row(names, true);
    }
    const top = doc.y;
    let bottom = top;
    for (const [index, cell] of cells.entries()) {
      doc.y = top;
      writeRuns(doc, cell ?? '', ROW_SIZE, { ...(columns[index] as TableColumn), bold });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 3;
    return pageFull;
  };
  /** The page's whole width inside its margins, for headings. */
  const full = { x: A4.margin, width: A4.width - 2 * A4.margin };
  return { doc: doc as PdfDocument, row, full };
}
