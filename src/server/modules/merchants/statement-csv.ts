import { csvRow } from '#server/http/csv.ts';
import type { LedgerLine } from '#shared/merchant.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { shopClock } from '../rates/working-days.ts';

/**
 * "2026-11-29 14:05": the shop's local time, as every spreadsheet reads a date and time without being
 * told a format (an ISO time with its offset, "+06:00", is read as text by most of them).
 */
function localTime(iso: string, timeZone: string): string {
  const { day, hour, minute } = shopClock(new Date(iso), timeZone);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${day} ${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** Taka as a number, so a spreadsheet sums the column (-120.5 is a debit of ৳120.50). */
const taka = (poisha: number) => poisha / POISHA_PER_TAKA;

/**
 * Characters of rows handed on at once (decision 121): a row a chunk made each of 100,000 rows a write
 * through the compressor and the socket, a minute of them for one statement.
 */
const CHUNK_CHARS = 64 * 1024;

/**
 * A statement as CSV (issues 30 and 39, decision 98), written as its lines are read: the time in the
 * shop's time zone (named in the column), the parcel and the merchant's own invoice number for it, the
 * amount in taka as a number, and the total on the last line.
 */
export async function* statementCsv(lines: AsyncIterable<LedgerLine>, timeZone: string): AsyncGenerator<string> {
  const zone = timeZone.toLowerCase().replace(/[^a-z]+/g, '_');
  let chunk = csvRow([`time_${zone}`, 'kind', 'tracking_code', 'merchant_invoice', 'amount_taka', 'payout', 'note']);
  let total = 0;
  for await (const line of lines) {
    total += line.amount;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
    chunk += csvRow([
      localTime(line.at, timeZone),
      line.kind,
      line.trackingCode,
      line.merchantInvoice,
      taka(line.amount),
      line.payout,
      line.note,
    ]);
  }
  yield chunk + csvRow(['', 'total', '', '', taka(total), '', '']);
}
