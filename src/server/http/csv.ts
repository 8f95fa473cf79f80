/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP's list: = + - @, and the
 * tab and carriage return that hide one): such a cell is written with a ' in front, which shows it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled. A
 * number is written as the number it is, so a spreadsheet sums it (-120.5 is a debit, not a formula);
 * only text gets the formula guard (decision 98, issue 39 item 9).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value);
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, ended by CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
