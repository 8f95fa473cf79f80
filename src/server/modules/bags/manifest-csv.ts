import { csvRow } from '#server/http/csv.ts';
import type { Bag, BagParcel } from '#shared/bag.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';

/** Characters of rows handed on at once, as the statements' CSV does (decision 121). */
const CHUNK_CHARS = 64 * 1024;

/**
 * A bag's manifest as CSV (R-BAGS), written as its parcels are read: the bag's hubs on every line (a
 * manifest is pasted into a line-haul sheet of many bags), each parcel's code, status, destination, weight
 * and the cash to collect in taka as a number, and the totals on the last line.
 */
export async function* manifestCsv(bag: Bag, parcels: AsyncIterable<BagParcel>): AsyncGenerator<string> {
  let chunk = csvRow([
    'bag',
    'origin_hub',
    'destination_hub',
    'tracking_code',
    'status',
    'area',
    'district',
    'weight_kg',
    'cod_taka',
    'received',
  ]);
  let weight = 0;
  let cod = 0;
  let count = 0;
  for await (const parcel of parcels) {
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
    weight += parcel.weightGrams;
    cod += parcel.codAmount;
    count += 1;
    chunk += csvRow([
      bag.code,
      bag.origin,
      bag.destination,
      parcel.trackingCode,
      parcel.status,
      parcel.area.name,
      parcel.area.district.name,
      parcel.weightGrams / 1000,
      parcel.codAmount / POISHA_PER_TAKA,
      parcel.received ? 'yes' : 'no',
    ]);
  }
  yield chunk +
    csvRow([bag.code, bag.origin, bag.destination, `total ${count}`, '', '', '', weight / 1000, cod / POISHA_PER_TAKA, '']);
}
