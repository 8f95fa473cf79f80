/** How much of a file its first line may take (R-BULK-BOOKING: a line is at most 16 KB). */
const FIRST_LINE_MOST_BYTES = 16 * 1024;

/**
 * The column names of a CSV file's first line, as the merchant's column chooser offers them (issue 41):
 * cells between commas, a quoted cell's commas and doubled quotes kept. The server reads the whole file
 * with its own reader; this is only what the chooser lists.
 */
export async function fileColumns(file: File): Promise<string[]> {
  const text = (await file.slice(0, FIRST_LINE_MOST_BYTES).text()).replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell.trim());
  return cells.filter((name) => name !== '');
}
