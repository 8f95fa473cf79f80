import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits.ts';
import { CSV_READER_MESSAGES, type CsvRecord, CsvRefusal, readCsv } from './csv-reader.ts';

const ROWS = { max: 3, tooMany: 'At most 3 lines.' };

/** What `readCsv` hands over for `file`, or the line and message it refuses it with. */
function read(file: string | Buffer): CsvRecord[] | { line: number; message: string } {
  const records: CsvRecord[] = [];
  try {
    readCsv(Buffer.isBuffer(file) ? file : Buffer.from(file), ROWS, (record) => records.push(record));
    return records;
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    return { line: error.line, message: error.message };
  }
}

describe('the CSV reader (decision 98)', () => {
  it('numbers each record by the line it starts on, counting quoted line breaks and blank lines', () => {
    expect(read('\uFEFFname,note\r\nAsha,"call first\r\nthen ring"\r\n\r\n,,\r\nKarim,"say ""hi"", twice"')).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['Asha', 'call first\r\nthen ring'] },
      { line: 6, cells: ['Karim', 'say "hi", twice'] },
    ]);
    expect(read('a\rb\r\rc')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
      { line: 4, cells: ['c'] },
    ]);
  });

  it('refuses a long cell, a long line, a line of many cells and an open quote on their line', () => {
    const cell = 'a'.repeat(LIMITS.csvCellMaxChars);
    expect(read(`h\n${cell}\n`)).toHaveLength(2);
    expect(read(`h\nok\n${cell}a\n`)).toEqual({ line: 3, message: CSV_READER_MESSAGES.cellTooLong });
    const line = Array.from({ length: 20 }, () => cell).join(',');
    expect(read(`h\n"two\nlines"\n${line}\n`)).toEqual({ line: 4, message: CSV_READER_MESSAGES.lineTooLong });
    expect(read(`h\n${','.repeat(LIMITS.csvLineMaxCells - 1)}x\n`)).toHaveLength(2);
    expect(read(`h\n${','.repeat(LIMITS.csvLineMaxCells)}x\n`)).toEqual({ line: 2, message: CSV_READER_MESSAGES.tooManyCells });
    expect(read('h\nok\n"never closed\nx\n')).toEqual({ line: 3, message: CSV_READER_MESSAGES.quoteNotClosed });
  });

  it('refuses more records under the header than allowed, on the first one too many', () => {
    expect(read('h\n1\n\n2\n3\n')).toHaveLength(4);
    expect(read('h\n1\n\n2\n3\n4\n')).toEqual({ line: 6, message: ROWS.tooMany });
  });

  it('refuses bytes that are not UTF-8 on their line instead of replacing them', () => {
    const latin1 = Buffer.concat([Buffer.from('name\r\nAsha\r\nJos'), Buffer.from([0xe9]), Buffer.from('\r\nKarim\r\n')]);
    expect(read(latin1)).toEqual({ line: 3, message: CSV_READER_MESSAGES.notUtf8 });
    expect(read('name\r\nআশা রহমান\r\n')).toEqual([
      { line: 1, cells: ['name'] },
      { line: 2, cells: ['আশা রহমান'] },
    ]);
  });
});
