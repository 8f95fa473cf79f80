import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import { LIMITS } from '#shared/limits.ts';
import { englishText } from '#shared/translate.ts';

/** Why a file cannot be read, each said of its line (decision 98). */
export const CSV_READER_MESSAGES = {
  notUtf8: /*i18n*/ 'This line is not UTF-8 text: save the file as “CSV UTF-8” and upload it again.',
  cellTooLong: englishText(/*i18n*/ 'A cell is longer than {max} characters.', { max: LIMITS.csvCellMaxChars }),
  lineTooLong: englishText(/*i18n*/ 'This line is longer than {kb} KB.', { kb: LIMITS.csvLineMaxBytes / 1024 }),
  tooManyCells: englishText(/*i18n*/ 'This line has more than {max} cells.', { max: LIMITS.csvLineMaxCells }),
  quoteNotClosed: /*i18n*/ 'A cell that opens with a quote (") is never closed.',
  unreadable: /*i18n*/ 'This line cannot be read as CSV: check its quotes (").',
} as const;

/** A file refused before its records mean anything: the line, as a spreadsheet numbers them, and why. */
export class CsvRefusal extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** A record and the line it starts on (the first line is 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The records a file may hold under its first line, and what a longer file is told. */
export interface CsvRows {
  max: number;
  tooMany: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * The first line holding bytes that are not UTF-8, or undefined. A line feed byte is never part of a
 * longer UTF-8 character, so lines can be checked one by one once the whole file is known to be bad.
 */
function lineNotUtf8(file: Buffer): number | undefined {
  if (isUtf8(file)) return undefined;
  let line = 1;
  for (let start = 0; start < file.length; line++) {
    const end = file.indexOf(0x0a, start);
    const next = end < 0 ? file.length : end + 1;
    if (!isUtf8(file.subarray(start, next))) return line;
    start = next;
  }
  return line;
}

function refusalOf(error: CsvError, line: number): CsvRefusal {
  if (error.code === 'CSV_MAX_RECORD_SIZE') return new CsvRefusal(line, CSV_READER_MESSAGES.lineTooLong);
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvRefusal(line, CSV_READER_MESSAGES.quoteNotClosed);
  return new CsvRefusal(line, CSV_READER_MESSAGES.unreadable);
}

/**
 * Reads a CSV file (RFC 4180, as spreadsheets save it; a byte order mark is skipped) and hands `visit`
 * each record that is not blank, header first, one at a time: csv-parse keeps no record once visited,
 * and stops a line at `LIMITS.csvLineMaxBytes` and `LIMITS.csvLineMaxCells` while it is still being read, so a file's memory is the
 * file and one line, however its bytes are laid out (decision 98; issue 39 item 1). A file with bytes
 * that are not UTF-8, a longer line or cell, more than `rows.max` records under the header, or a quote
 * left open is refused naming its line, with the CsvRefusal `visit` meets; nothing is changed or guessed.
 */
export function readCsv(file: Buffer, rows: CsvRows, visit: (record: CsvRecord) => void): void {
  const badLine = lineNotUtf8(file);
  if (badLine !== undefined) throw new CsvRefusal(badLine, CSV_READER_MESSAGES.notUtf8);
  let nextLine = 1;
  let records = 0;
  try {
    parse(file, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: LIMITS.csvLineMaxBytes,
      // Each cell as it ends, before the line keeps it: empty cells add nothing to the line's size.
      cast: (cell: string, { index }: { index: number }) => {
        if (cell.length > LIMITS.csvCellMaxChars) throw new CsvRefusal(nextLine, CSV_READER_MESSAGES.cellTooLong);
        if (index >= LIMITS.csvLineMaxCells) throw new CsvRefusal(nextLine, CSV_READER_MESSAGES.tooManyCells);
        return cell;
      },
      on_record: (cells: string[]) => {
        const line = nextLine;
        // A quoted cell's line breaks are lines of the file too: the next record starts below them.
        for (const cell of cells) nextLine += cell.match(LINE_BREAK)?.length ?? 0;
        nextLine += 1;
        if (cells.every((cell) => cell.trim() === '')) return null;
        records += 1;
        if (records > rows.max + 1) throw new CsvRefusal(line, rows.tooMany);
        visit({ line, cells });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw refusalOf(error, nextLine);
    throw error;
  }
}
