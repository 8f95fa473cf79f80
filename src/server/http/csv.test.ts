import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('CSV cells (R-ORDERS-ADMIN)', () => {
  it('quotes a cell with a comma, quote or line break and doubles its quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Dock, 12-in-1')).toBe('"Dock, 12-in-1"');
    expect(csvCell('The "Pro" model')).toBe('"The ""Pro"" model"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a cell a spreadsheet would run as a formula as text', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a number as a number, so a spreadsheet sums a debit; text that looks like one stays text', () => {
    expect(csvCell(-120.5)).toBe('-120.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('-120.50')).toBe("'-120.50");
  });

  it('leaves nothing out: empty cells stay in place, lines end with CRLF', () => {
    expect(csvRow(['SC-1', null, undefined, 3, ''])).toBe('SC-1,,,3,\r\n');
  });
});
