/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP's list: = + - @, and the
 * tab and carriage return that hide one): such a cell is written with a ' in front, which shows it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, ended by CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
