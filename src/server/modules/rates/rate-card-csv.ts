import { csvRow } from '#server/http/csv.ts';
import { type CsvRecord, CsvRefusal, readCsv } from '#server/http/csv-reader.ts';
import {
  HEAVIEST_PARCEL_GRAMS,
  POISHA_PER_TAKA,
  SERVICE_RULES,
  SERVICES,
  type Service,
  ZONES,
  type Zone,
} from '#shared/parcel-services.ts';
import { englishText } from '#shared/translate.ts';
import type { RateCard, RateLine } from './rate-card.ts';

/**
 * The rate card as a spreadsheet (R-RATE-CARD): one line per service and zone, its prices in taka, a
 * column per weight band named by the heaviest parcel it takes (`up_to_500g`, `up_to_2kg`), an empty
 * cell where the service takes no parcel that light.
 */
const FIRST_COLUMNS = ['service', 'zone', 'minimum_taka'] as const;
const LAST_COLUMN = 'extra_per_500g_taka';
const BAND_COLUMN = /^up_to_(\d{1,7})(g|kg)$/;
const TAKA = /^\d{1,6}(\.\d{1,2})?$/;
/** Refusals listed for one file; a file with more is refused with the first ones. */
const MOST_PROBLEMS = 20;
/** Far more lines than services times zones: a longer file is not a rate card. */
const MOST_LINES = 200;

export const RATE_CARD_MESSAGES = {
  refused: /*i18n*/ 'The rate card was not changed: correct the lines below and import the file again.',
  noFile: /*i18n*/ 'Send the rate card as a CSV file (Content-Type: text/csv).',
  empty: /*i18n*/ 'The file has no rate lines.',
  tooMany: englishText(/*i18n*/ 'A rate card has at most {max} lines.', { max: MOST_LINES }),
  header: englishText(
    /*i18n*/ 'The first line must name the columns: {first}, one or more weight bands like up_to_500g or up_to_2kg, then {last}.',
    { first: FIRST_COLUMNS.join(', '), last: LAST_COLUMN },
  ),
  bandsOrder: /*i18n*/ 'The weight bands must go from the lightest to the heaviest, each heavier than the one before.',
  bandTooHeavy: englishText(/*i18n*/ 'A weight band may take at most {max} grams.', { max: HEAVIEST_PARCEL_GRAMS }),
  cells: (count: number) => englishText(/*i18n*/ 'This line must have {count} cells, as the first line has.', { count }),
  service: (service: string) =>
    englishText(/*i18n*/ 'No service is called “{service}”: the services are {services}.', {
      service,
      services: SERVICES.join(', '),
    }),
  zone: (zone: string) =>
    englishText(/*i18n*/ 'No zone is called “{zone}”: the zones are {zones}.', { zone, zones: ZONES.join(', ') }),
  notOffered: (service: string, zone: string) =>
    englishText(/*i18n*/ '{service} does not go to {zone}: leave that line out.', { service, zone }),
  twice: (service: string, zone: string) =>
    englishText(/*i18n*/ '{service} to {zone} is priced on an earlier line too.', { service, zone }),
  money: (column: string) => englishText(/*i18n*/ '{column} must be an amount in taka like 60 or 62.50, or empty.', { column }),
  minimum: /*i18n*/ 'minimum_taka must be an amount in taka like 0 or 60.',
  noPrice: /*i18n*/ 'At least one weight band must have a price.',
  gap: /*i18n*/ 'The priced weight bands must follow one another: no empty band between two prices.',
  falls: (column: string) =>
    englishText(/*i18n*/ '{column} costs less than a lighter band: a heavier parcel must never cost less.', { column }),
} as const;

/** A refused file: each problem by its line number, as a spreadsheet numbers them (the header is line 1). */
export class RateCardRefusal extends Error {
  constructor(readonly problems: { line: number; message: string }[]) {
    super(RATE_CARD_MESSAGES.refused);
  }
}

const poisha = (taka: string) => Math.round(Number(taka) * POISHA_PER_TAKA);
const taka = (amount: number) =>
  amount % POISHA_PER_TAKA === 0 ? String(amount / POISHA_PER_TAKA) : (amount / POISHA_PER_TAKA).toFixed(2);

function bandLimitsOf(header: string[]): number[] | string {
  const named = header.map((cell) => cell.trim().toLowerCase());
  const bands = named.slice(FIRST_COLUMNS.length, -1);
  if (
    named.length < FIRST_COLUMNS.length + 2 ||
    FIRST_COLUMNS.some((column, index) => named[index] !== column) ||
    named.at(-1) !== LAST_COLUMN ||
    bands.some((column) => !BAND_COLUMN.test(column))
  )
    return RATE_CARD_MESSAGES.header;
  const limits = bands.map((column) => {
    const [, amount, unit] = BAND_COLUMN.exec(column) as RegExpExecArray;
    return Number(amount) * (unit === 'kg' ? 1000 : 1);
  });
  if (limits.some((limit, index) => limit <= 0 || (index > 0 && limit <= (limits[index - 1] as number))))
    return RATE_CARD_MESSAGES.bandsOrder;
  if (limits.some((limit) => limit > HEAVIEST_PARCEL_GRAMS)) return RATE_CARD_MESSAGES.bandTooHeavy;
  return limits;
}

function lineProblem(cells: string[], header: string[], card: RateCard): RateLine | string {
  if (cells.length !== header.length) return RATE_CARD_MESSAGES.cells(header.length);
  const [service = '', zone = '', minimum = ''] = cells.map((cell) => cell.trim());
  if (!(SERVICES as readonly string[]).includes(service)) return RATE_CARD_MESSAGES.service(service);
  if (!(ZONES as readonly string[]).includes(zone)) return RATE_CARD_MESSAGES.zone(zone);
  if (!SERVICE_RULES[service as Service].transit[zone as Zone]) return RATE_CARD_MESSAGES.notOffered(service, zone);
  if (card.lines.some((line) => line.service === service && line.zone === zone)) return RATE_CARD_MESSAGES.twice(service, zone);
  if (!TAKA.test(minimum)) return RATE_CARD_MESSAGES.minimum;
  const prices: (number | null)[] = [];
  for (const [index, raw] of cells.slice(FIRST_COLUMNS.length).entries()) {
    const cell = raw.trim();
    const column = (header[FIRST_COLUMNS.length + index] as string).trim();
    if (cell !== '' && !TAKA.test(cell)) return RATE_CARD_MESSAGES.money(column);
    prices.push(cell === '' ? null : poisha(cell));
  }
  const extraPer500g = prices.pop() ?? null;
  const first = prices.findIndex((price) => price !== null);
  if (first < 0) return RATE_CARD_MESSAGES.noPrice;
  const last = prices.findLastIndex((price) => price !== null);
  for (let index = first + 1; index <= last; index++) {
    const price = prices[index];
    if (price === null || price === undefined) return RATE_CARD_MESSAGES.gap;
    if (price < (prices[index - 1] as number)) return RATE_CARD_MESSAGES.falls(header[FIRST_COLUMNS.length + index] as string);
  }
  return { service: service as Service, zone: zone as Zone, minimum: poisha(minimum), bands: prices, extraPer500g };
}

/** Reads an imported rate card, all of it or nothing: every problem is named by its line (R-RATE-CARD). */
export function readRateCard(file: Buffer): RateCard {
  let header: { cells: string[]; limits: number[] } | undefined;
  const card: RateCard = { bandLimits: [], lines: [] };
  const problems: { line: number; message: string }[] = [];
  const readRecord = ({ line, cells }: CsvRecord) => {
    if (!header) {
      const limits = bandLimitsOf(cells);
      if (typeof limits === 'string') throw new RateCardRefusal([{ line, message: limits }]);
      header = { cells, limits };
      card.bandLimits = limits;
      return;
    }
    if (problems.length === MOST_PROBLEMS) return;
    const read = lineProblem(cells, header.cells, card);
    if (typeof read === 'string') problems.push({ line, message: read });
    else card.lines.push(read);
  };
  try {
    readCsv(file, { max: MOST_LINES, tooMany: RATE_CARD_MESSAGES.tooMany }, readRecord);
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    throw new RateCardRefusal([...problems, { line: error.line, message: error.message }].slice(0, MOST_PROBLEMS));
  }
  if (!header) throw new RateCardRefusal([{ line: 1, message: RATE_CARD_MESSAGES.header }]);
  if (problems.length > 0) throw new RateCardRefusal(problems);
  if (card.lines.length === 0) throw new RateCardRefusal([{ line: 2, message: RATE_CARD_MESSAGES.empty }]);
  return card;
}

const bandColumn = (grams: number) => (grams % 1000 === 0 ? `up_to_${grams / 1000}kg` : `up_to_${grams}g`);

/** The rate card as the file an admin downloads, edits and imports again: the same card reads back. */
export function writeRateCard(card: RateCard): string {
  const header = [...FIRST_COLUMNS, ...card.bandLimits.map(bandColumn), LAST_COLUMN];
  const money = (amount: number | null) => (amount === null ? '' : taka(amount));
  return [
    csvRow(header),
    ...card.lines.map((line) =>
      csvRow([line.service, line.zone, taka(line.minimum), ...line.bands.map(money), money(line.extraPer500g)]),
    ),
  ].join('');
}
