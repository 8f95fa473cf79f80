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

/**
 * A CSV file's records (RFC 4180), each with the line it starts on as a spreadsheet numbers them (the
 * header is line 1): quoted cells may hold commas, doubled quotes and line breaks; blank lines are skipped.
 */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const found: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < source.length; at++) {
    const char = source[at] as string;
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at++;
      cells.push(cell);
      if (cells.some((value) => value.trim() !== '')) found.push({ line: startLine, cells });
      cells = [];
      cell = '';
      line++;
      startLine = line;
    } else cell += char;
  }
  cells.push(cell);
  if (cells.some((value) => value.trim() !== '')) found.push({ line: startLine, cells });
  return found;
}
