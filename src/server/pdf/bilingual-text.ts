import { createRequire } from 'node:module';

const resolveFont = (file: string) => createRequire(import.meta.url).resolve(`@fontsource/noto-sans-bengali/files/${file}`);

/**
 * Noto Sans Bengali, which the Bangla pages use: its Bengali and Latin halves are separate files, so a
 * line is written in runs, each in the half that has its letters. pdfkit's fontkit shapes the Bengali
 * (vowel signs before their consonant, conjuncts).
 */
const FONTS = {
  latin: resolveFont('noto-sans-bengali-latin-400-normal.woff'),
  latinBold: resolveFont('noto-sans-bengali-latin-700-normal.woff'),
  bengali: resolveFont('noto-sans-bengali-bengali-400-normal.woff'),
  bengaliBold: resolveFont('noto-sans-bengali-bengali-700-normal.woff'),
} as const;

/** Bengali letters, digits, signs and the joiners that shape them. */
const BENGALI_RUN = /([\u0980-\u09FF\u0964\u0965\u200C\u200D]+)/u;

export type PdfDocument = PDFKit.PDFDocument;

/**
 * A PDF with the shop's fonts, for labels and statements in English or Bangla. pdfkit is loaded on the
 * first document, not at start: fonts and PDF writing are megabytes a server that prints nothing never
 * needs (R-BOUNDS keeps its memory).
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  return doc;
}

export interface Placement {
  bold?: boolean;
  /** Where the paragraph starts and how wide it wraps. */
  x: number;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const fontOf = (run: string, bold: boolean) =>
  BENGALI_RUN.test(run) ? (bold ? 'bengaliBold' : 'bengali') : bold ? 'latinBold' : 'latin';

/**
 * Writes one paragraph whose runs switch between the fonts' halves, wrapped to its width, from `doc.y`.
 * A right-aligned one is a single line (an amount): pdfkit aligns each run of a line on its own, so
 * the line is measured and started where its end meets the right edge.
 */
export function writeRuns(doc: PdfDocument, text: string, size: number, placement: Placement): void {
  const { bold = false, align } = placement;
  let { x, width } = placement;
  const runs = text.split(BENGALI_RUN).filter((run) => run !== '');
  doc.fontSize(size);
  if (align === 'right') {
    const measured = runs.reduce((sum, run) => sum + doc.font(fontOf(run, bold)).widthOfString(run), 0);
    // A point to spare, so rounding never wraps the line's last letter.
    const indent = Math.max(0, width - measured - 1);
    x += indent;
    width -= indent;
  }
  for (const [index, run] of runs.entries()) {
    doc.font(fontOf(run, bold));
    const continued = index < runs.length - 1;
    const options = { width, continued, align: align === 'right' ? undefined : align };
    if (index === 0) doc.text(run, x, doc.y, options);
    else doc.text(run, { continued });
  }
}

/** Pages between two `forgetShapedWords`: the words they share are shaped once. */
const SHAPED_WORDS_PAGES = 100;
const pagesSinceForgotten = new WeakMap<PdfDocument, number>();

/**
 * pdfkit keeps the glyphs of every word it has shaped, per font, until the document ends: 7 KB a label,
 * 35 MB of a 5,000-label print's heap (issue 39). Turned off (`fontLayoutCache: false`) a label costs
 * twice the CPU, since most of its words ("Cash to collect", areas, the shop's name) repeat on every
 * page; so the cache is emptied every `SHAPED_WORDS_PAGES` pages instead (decision 100). It is
 * pdfkit 0.20's own per-font `layoutCache`; tests/integration/bulk-labels-print.test.ts shows if it moves.
 */
export function forgetShapedWords(doc: PdfDocument): void {
  const pages = (pagesSinceForgotten.get(doc) ?? 0) + 1;
  pagesSinceForgotten.set(doc, pages % SHAPED_WORDS_PAGES);
  if (pages < SHAPED_WORDS_PAGES) return;
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
}

type PageTree = { _root: { data: { Pages: { data: { Kids: { id: number; gen: number }[] } } } } };
const pagesNamedOnly = new WeakMap<PdfDocument, number>();

/**
 * pdfkit keeps each written page's objects (its dictionary, resources, contents and link annotations,
 * about 3 KB) in the page tree until the document ends, only to write their numbers there: 15 MB of a
 * 5,000-label print (issue 39). Each written page is named by its number alone instead, an object of
 * its reference's own class so pdfkit writes it as `N 0 R`. The page being written is left whole.
 */
export function forgetWrittenPages(doc: PdfDocument): void {
  const kids = (doc as unknown as PageTree)._root.data.Pages.data.Kids;
  for (let index = pagesNamedOnly.get(doc) ?? 0; index < kids.length - 1; index++) {
    const page = kids[index] as { id: number; gen: number };
    kids[index] = Object.assign(Object.create(Object.getPrototypeOf(page)), { id: page.id, gen: page.gen });
  }
  pagesNamedOnly.set(doc, Math.max(0, kids.length - 1));
}

/** A finished document's bytes. */
export async function pdfBytes(doc: PdfDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
