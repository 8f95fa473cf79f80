import { setImmediate } from 'node:timers/promises';
import { forgetShapedWords, forgetWrittenPages, type PdfDocument } from './bilingual-text.ts';

/** Bytes a PDF may hold unread before the next page is written: the reader sets the pace. */
const UNREAD_MAX_BYTES = 1024 * 1024;

/**
 * Waits, after a page of a long PDF, until its reader has taken all but `UNREAD_MAX_BYTES`, then gives
 * the requests that came meanwhile their turn before the next page (issue 39, decision 100): a page
 * is milliseconds of CPU, a whole file a minute.
 */
export async function pageWritten(doc: PdfDocument): Promise<void> {
  forgetShapedWords(doc);
  forgetWrittenPages(doc);
  while (doc.readableLength > UNREAD_MAX_BYTES && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
  await setImmediate();
}
