import { randomUUID } from 'node:crypto';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { insertMany } from '#server/db/insert-many.ts';
import { bulkBookings, consignmentEvents, consignments } from '#server/db/schema.ts';
import { csvRow } from '#server/http/csv.ts';
import { CsvRefusal, readCsv } from '#server/http/csv-reader.ts';
import { HttpError } from '#server/http/errors.ts';
import {
  BULK_BOOKING_MESSAGES,
  BULK_COLUMNS,
  BULK_TEMPLATE_EXAMPLE,
  type BulkBooking,
  type BulkBookingOptions,
  type BulkColumn,
  bulkLabelsPath,
  type ColumnChoices,
} from '#shared/bulk-booking.ts';
import { consignmentInputSchema } from '#shared/consignment.ts';
import { decimalFromText } from '#shared/decimal-text.ts';
import { LIMITS } from '#shared/limits.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { findAreaForgiving } from '../areas/places.ts';
import { suggestPlaces } from '../areas/suggestions.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { pickupStores, storeRefused } from '../stores/service.ts';
import { holdBookingBudget } from './booking-budget.ts';
import { rememberChoices, rememberedChoices } from './column-choices.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import {
  chosenShape,
  columnsSignature,
  type FileShape,
  knownShape,
  type ParcelCells,
  plainColumn,
  withNextItem,
} from './order-exports.ts';
import { INVOICE_UNIQUE, parcelsWithInvoices } from './repository.ts';
import { atStore, type BookingTerms, CONSIGNMENT_MESSAGES, type PlacedRequest, pricedConsignment } from './service.ts';

/** A parcel of a file as it was booked: what its recipient's text message says. */
export type BulkBooked = Pick<
  ConsignmentRow,
  'userId' | 'status' | 'trackingCode' | 'pickupName' | 'codAmount' | 'recipientPhone'
>;

/** Who is told of a file's parcels, all at once, in the booking's transaction (notifications.ts). */
export type BulkNotice = (tx: Transaction, booked: BulkBooked[]) => Promise<void>;

export interface BulkBookingContext {
  db: Database;
  rates: RateCards;
  config: Config;
  notify?: BulkNotice;
  /** Asks the COD parcels' recipients to confirm them when the merchant asks for every one (R-CONFIRM-BEFORE-PICKUP). */
  askToConfirm?: (tx: Transaction, userId: string, booked: BookedRow[]) => Promise<void>;
}

/** A parcel of a bulk booking, priced, with its place in what was sent: a file's line, a batch's index. */
export type PlacedRow = { at: number; row: typeof consignments.$inferInsert };

/** What is wrong with one parcel of a bulk booking: its place, the field as the forms name it when known, and why. */
export type ParcelProblem = { at: number; field?: string; message: string };

/**
 * Many parcels booked at once, all or none (R-BULK-BOOKING): a merchant's file, or a batch sent to the
 * merchant API (issue 41). Each says how its parcels are read and how it is refused; the booking is the same.
 */
export interface ManyParcels {
  /** What the merchant's list of bulk bookings calls it: a file's name. */
  name: string;
  /** Every parcel read, checked and priced, with the problems of those that cannot go; a refusal may end the reading. */
  read(terms: Omit<BookingTerms, 'bulkBookingId'>): { rows: PlacedRow[]; problems: ParcelProblem[] };
  /** The refusal naming these problems, in the order of the parcels. */
  refuse(problems: ParcelProblem[]): HttpError;
}

/** A refused file: each problem by its line number, as a spreadsheet numbers them (the header is line 1). */
export class BulkBookingRefusal extends HttpError {
  constructor(problems: ParcelProblem[]) {
    super(
      400,
      'bad_request',
      BULK_BOOKING_MESSAGES.refused,
      Object.fromEntries(problems.map(({ at, message }) => [`line ${at}`, message])),
    );
  }
}

/** The template a merchant downloads: the columns, and one example line showing how each is written. */
export const bulkTemplateCsv = () => csvRow(BULK_COLUMNS) + csvRow(BULK_COLUMNS.map((column) => BULK_TEMPLATE_EXAMPLE[column]));

/** Where a zod issue's field sits in the file. */
const COLUMN_OF_FIELD: Record<string, BulkColumn> = {
  'recipient.name': 'recipient_name',
  'recipient.phone': 'phone',
  'recipient.address': 'address',
  'recipient.areaId': 'area',
  merchantInvoice: 'invoice',
  note: 'note',
  weightGrams: 'weight_kg',
  codAmount: 'cod_taka',
  itemDescription: 'item_description',
  quantity: 'quantity',
  declaredValue: 'declared_value_taka',
  alternativePhone: 'alternative_phone',
  recipientEmail: 'email',
  deliveryType: 'delivery_type',
};

/** A cell of whole units in poisha or grams, or undefined when it is not a plain decimal number. */
function hundredths(cell: string, per: number): number | undefined {
  const read = decimalFromText(cell);
  return typeof read === 'number' ? Math.round(read * per) : undefined;
}

/** Most areas a file's line offers to write instead of one not found. */
const AREAS_OFFERED = 3;

/** An area as the area column takes it whatever else shares its name: "Mirpur, Dhaka". */
const areaAsWritten = (area: { name: string; district: { name: string } }) => `${area.name}, ${area.district.name}`;

/**
 * The area a line names, as its id, or what to write in the area column instead (issue 42): the areas
 * sharing the name, or those the coverage search suggests for it, each as the column takes it.
 */
function areaOfLine(typed: string): { id: string } | string {
  const area = findAreaForgiving(typed);
  if (area !== 'unknown' && !('ambiguous' in area)) return area;
  if (area !== 'unknown') return BULK_BOOKING_MESSAGES.ambiguousArea(typed, area.ambiguous.map(areaAsWritten).join('; '));
  const offered = [...new Set(suggestPlaces(typed).map(areaAsWritten))].slice(0, AREAS_OFFERED);
  return offered.length > 0
    ? BULK_BOOKING_MESSAGES.unknownArea(typed, offered.join('; '))
    : BULK_BOOKING_MESSAGES.unknownAreaNothingLike(typed);
}

/** One line read as a booking request, or every thing wrong with it (issue 42), each naming its column. */
function readLine(cell: (column: BulkColumn) => string, base: FileBase): PlacedRequest | string[] {
  const problems: string[] = [];
  const weightCell = cell('weight_kg');
  const weightGrams = weightCell === '' ? base.defaultWeightGrams : hundredths(weightCell, 1000);
  if (weightGrams === undefined) problems.push(weightCell === '' ? BULK_BOOKING_MESSAGES.noWeight : BULK_BOOKING_MESSAGES.weight);
  const codAmount = cell('cod_taka') === '' ? 0 : hundredths(cell('cod_taka'), POISHA_PER_TAKA);
  if (codAmount === undefined) problems.push(BULK_BOOKING_MESSAGES.cod);
  const declaredValue = cell('declared_value_taka') === '' ? undefined : hundredths(cell('declared_value_taka'), POISHA_PER_TAKA);
  if (declaredValue === undefined && cell('declared_value_taka') !== '') problems.push(BULK_BOOKING_MESSAGES.declaredValue);
  const typedArea = cell('area');
  const area = typedArea === '' ? undefined : areaOfLine(typedArea);
  if (typeof area === 'string') problems.push(area);
  const parsed = consignmentInputSchema.safeParse({
    service: base.service,
    recipient: {
      name: cell('recipient_name'),
      phone: cell('phone'),
      address: cell('address'),
      areaId: typeof area === 'object' ? area.id : '',
    },
    // Read already: a placeholder keeps the schema from naming it again.
    weightGrams: weightGrams ?? 1,
    codAmount: codAmount ?? 0,
    merchantInvoice: cell('invoice'),
    note: cell('note'),
    itemDescription: cell('item_description'),
    quantity: cell('quantity'),
    declaredValue,
    alternativePhone: cell('alternative_phone'),
    recipientEmail: cell('email'),
    deliveryType: cell('delivery_type').toLowerCase() || undefined,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const column = COLUMN_OF_FIELD[issue.path.join('.')];
    // An area already refused above is not refused again as missing.
    if (column === 'area' && typeof area === 'string') continue;
    problems.push(column ? BULK_BOOKING_MESSAGES.inColumn(column, issue.message) : issue.message);
  }
  if (parsed.success && problems.length === 0) return { ...parsed.data, pickup: base.pickup, storeId: base.storeId };
  return problems;
}

/** What every line of a file shares: its service, the store its parcels are picked up at, and the weight of those the file gives none. */
type FileBase = Pick<PlacedRequest, 'service' | 'pickup' | 'storeId'> & { defaultWeightGrams?: number };

/** The columns a merchant chose for this file, and those remembered for files of other shapes (issue 41). */
export interface ColumnsKnown {
  chosen?: ColumnChoices;
  remembered: Map<string, ColumnChoices>;
}

/**
 * How a file's lines are read, from its first line: the template's or an order export's columns, else
 * the columns the merchant chooses now (then to be remembered) or chose before for files like it.
 */
function shapeOf(header: string[], known: ColumnsKnown): { shape: FileShape; remember?: ColumnChoices } {
  const shape = knownShape(header);
  if (shape) return { shape };
  const { chosen } = known;
  if (chosen) {
    const names = new Set(header.map(plainColumn));
    const missing = Object.values(chosen).find((name) => !names.has(plainColumn(name)));
    if (missing !== undefined) throw new BulkBookingRefusal([{ at: 1, message: BULK_BOOKING_MESSAGES.columnNotInFile(missing) }]);
    const fromChoices = chosenShape(header, chosen);
    if (fromChoices) return { shape: fromChoices, remember: chosen };
  }
  const remembered = known.remembered.get(columnsSignature(header));
  const fromMemory = remembered && chosenShape(header, remembered);
  if (fromMemory) return { shape: fromMemory };
  throw new BulkBookingRefusal([{ at: 1, message: BULK_BOOKING_MESSAGES.unknownColumns }]);
}

/** A file's reading: its parcels priced, the problems of those that cannot go, and the column choices to remember. */
export interface FileRead {
  rows: PlacedRow[];
  problems: ParcelProblem[];
  remember?: { signature: string; columns: ColumnChoices };
}

/**
 * Reads a bulk booking's file (R-BULK-BOOKING): every parcel is checked (the area matched to the coverage,
 * forgiving its spelling; the phone; the weight; the cash) and priced with the rate card; each bad parcel
 * comes back named by its line with everything wrong with it, and refuses the file. A line the CSV
 * reader refuses (decision 98) ends the reading, and is named after the bad lines above it. An order
 * export's lines of one order make one parcel: only that order is held until its next line is read, and
 * at most `LIMITS.bulkBookingRowsMax` parcels are (issue 41).
 */
export function readBulkFile(
  config: Config,
  file: Buffer,
  base: FileBase,
  terms: Omit<BookingTerms, 'bulkBookingId'>,
  known: ColumnsKnown = { remembered: new Map() },
): FileRead {
  let header: { shape: FileShape; width: number } | undefined;
  let remember: FileRead['remember'];
  const rows: PlacedRow[] = [];
  const problems: ParcelProblem[] = [];
  const invoiceLines = new Map<string, number>();
  let parcels = 0;
  /** The order being read, when an order may take several lines. */
  let open: { line: number; order: string; cells: ParcelCells } | undefined;

  const readParcel = (line: number, cells: ParcelCells) => {
    parcels += 1;
    if (parcels > LIMITS.bulkBookingRowsMax) throw new CsvRefusal(line, BULK_BOOKING_MESSAGES.tooMany);
    const request = readLine((column) => cells[column] ?? '', base);
    if (Array.isArray(request)) {
      problems.push({ at: line, message: request.reduceRight((more, problem) => BULK_BOOKING_MESSAGES.andThen(problem, more)) });
      return;
    }
    const invoice = request.merchantInvoice;
    const firstLine = invoice === undefined ? undefined : invoiceLines.get(invoice);
    if (invoice !== undefined && firstLine !== undefined) {
      problems.push({ at: line, message: BULK_BOOKING_MESSAGES.invoiceRepeated(invoice, firstLine) });
      return;
    }
    if (invoice !== undefined) invoiceLines.set(invoice, line);
    try {
      rows.push({ at: line, row: pricedConsignment(config, request, terms) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push({ at: line, message: error.message });
    }
  };
  const closeOrder = () => {
    if (open) readParcel(open.line, open.cells);
    open = undefined;
  };
  const readRecord = ({ line, cells }: { line: number; cells: string[] }) => {
    if (!header) {
      const found = shapeOf(cells, known);
      if (found.remember) remember = { signature: columnsSignature(cells), columns: found.remember };
      header = { shape: found.shape, width: cells.length };
      return;
    }
    if (cells.slice(header.width).some((cell) => cell.trim() !== '')) {
      closeOrder();
      problems.push({ at: line, message: BULK_BOOKING_MESSAGES.cells });
      return;
    }
    const { shape } = header;
    const order = shape.orderOf?.(cells);
    if (order === undefined) return readParcel(line, shape.cellsOf(cells));
    if (open && order !== '' && open.order === order) {
      open.cells = withNextItem(open.cells, shape.cellsOf(cells));
      return;
    }
    closeOrder();
    open = { line, order, cells: shape.cellsOf(cells) };
  };
  try {
    // The reader counts lines far beyond the parcels: an order export may give an order several lines.
    readCsv(file, { max: Number.MAX_SAFE_INTEGER, tooMany: BULK_BOOKING_MESSAGES.tooMany }, readRecord);
    closeOrder();
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    throw new BulkBookingRefusal([...problems, { at: error.line, message: error.message }]);
  }
  if (!header) throw new BulkBookingRefusal([{ at: 1, message: BULK_BOOKING_MESSAGES.header }]);
  if (rows.length === 0 && problems.length === 0) throw new BulkBookingRefusal([{ at: 2, message: BULK_BOOKING_MESSAGES.empty }]);
  return { rows, problems, remember };
}

/**
 * The parcels whose invoice number one of the sender's parcels already has (R-BOOKING, decision 113),
 * each refused naming that parcel. Parcels booked at the same moment are caught by the unique index
 * instead, and the parcels are read again (bookMany's tries), which then finds them here.
 */
async function invoicesTaken(tx: Transaction, userId: string, rows: PlacedRow[], test: boolean): Promise<ParcelProblem[]> {
  const placeOf = new Map(rows.flatMap(({ at, row }) => (row.merchantInvoice ? [[row.merchantInvoice, at] as const] : [])));
  if (placeOf.size === 0) return [];
  const holders = await parcelsWithInvoices(tx, userId, [...placeOf.keys()], test);
  return holders.map(({ invoice, trackingCode }) => ({
    at: placeOf.get(invoice) as number,
    field: 'merchantInvoice',
    message: CONSIGNMENT_MESSAGES.invoiceTaken(invoice, trackingCode),
  }));
}

/** A parcel as bookMany wrote it. */
export type BookedRow = typeof consignments.$inferInsert & { id: string; status: 'booked'; bulkBookingId: string; test: boolean };

/**
 * Many parcels booked in the caller's transaction (R-BULK-BOOKING): read and priced with the rate card in
 * force, refused whole with every problem named, else each booked with its first event, counted toward the
 * sender's booking budget (decision 107: over it, nothing is booked), the recipients told, and kept as a
 * bulk booking so their labels print as one PDF. Each table's rows go in one statement: 5,000 parcels one
 * by one would be 15,000 round trips. Run it through `withBookingTries`.
 */
export async function bookMany(
  context: BulkBookingContext,
  tx: Transaction,
  sender: { userId: string; merchantId: string; test?: boolean },
  parcels: ManyParcels,
  now: Date,
): Promise<{ booking: typeof bulkBookings.$inferSelect; booked: BookedRow[]; lines: number[] }> {
  const rateCard = await context.rates.inForce(tx);
  // A test key's batch books sandbox parcels (R-SANDBOX): nobody is told of them.
  const test = sender.test ?? false;
  const { rows: placed, problems } = parcels.read({ userId: sender.userId, now, rateCard, test });
  problems.push(...(await invoicesTaken(tx, sender.userId, placed, test)));
  if (problems.length > 0) throw parcels.refuse(problems.sort((a, b) => a.at - b.at));
  const rows = placed.map(({ row }) => row);
  const [booking] = await tx
    .insert(bulkBookings)
    .values({ merchantId: sender.merchantId, fileName: parcels.name, parcels: rows.length })
    .returning();
  if (!booking) throw new Error('a bulk booking was not saved');
  // Ids made here, so nothing needs reading back: a RETURNING of 5,000 wide rows costs seconds.
  const booked = rows.map((row) => ({ ...row, id: randomUUID(), status: 'booked' as const, bulkBookingId: booking.id, test }));
  await insertMany(tx, consignments, booked);
  await insertMany(
    tx,
    consignmentEvents,
    booked.map((row) => ({ consignmentId: row.id, status: row.status, actorId: sender.userId })),
  );
  await holdBookingBudget(tx, context.config.rateLimits.parcelsPerSenderPerDay, { userId: sender.userId, test }, booked.length);
  if (!test) {
    await context.notify?.(
      tx,
      booked.map((row) => ({ ...row, userId: sender.userId })),
    );
    await context.askToConfirm?.(tx, sender.userId, booked);
  }
  return { booking, booked, lines: placed.map(({ at }) => at) };
}

/** The booked lines whose address is vague or only the area's name (R-ADDRESS-QUALITY), in the file's order. */
const vagueAddresses = (booked: BookedRow[], lines: number[]) =>
  booked.flatMap(({ trackingCode, recipientAddressQuality: quality }, index) =>
    quality === 'vague' || quality === 'bare' ? [{ line: lines[index] as number, trackingCode, addressQuality: quality }] : [],
  );

/** Up to three tries: codes colliding with a kept one is all but impossible, but never a 500 for it. */
const CODE_TRIES = 3;

/**
 * A transaction that books many parcels, tried again when one of their codes collided with a kept one, or
 * one of their invoice numbers was booked at the same moment (then its reading names that parcel).
 */
export async function withBookingTries<Answer>(db: Database, work: (tx: Transaction) => Promise<Answer>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const collided = ['consignments_tracking_code_unique', INVOICE_UNIQUE].some((unique) => isUniqueViolation(error, unique));
      if (attempt < CODE_TRIES && collided) continue;
      throw error;
    }
  }
}

/** Where a bulk booking's labels print as one PDF. */
export const bulkLabelsUrl = (config: Config, id: string) => new URL(bulkLabelsPath(id), config.publicUrl).toString();

/**
 * `POST /api/merchant/bulk-bookings` (R-BULK-BOOKING): the file read and priced, then every parcel booked
 * in one transaction, and the file kept so its labels print as one PDF.
 */
export async function bookBulk(
  context: BulkBookingContext,
  sender: { userId: string; merchantId: string },
  file: { name: string; content: Buffer },
  options: BulkBookingOptions,
  now = new Date(),
): Promise<BulkBooking> {
  return withBookingTries(context.db, async (tx) => {
    // The file's parcels are picked up at the store chosen, else the default (decision 152).
    const store = (await pickupStores(tx, sender.merchantId, [options.store]))(options.store);
    if (typeof store === 'string') throw storeRefused(store);
    const { pickup, storeId } = atStore({ service: options.service } as Parameters<typeof atStore>[0], store);
    const defaultWeightGrams = options.defaultWeightKg === undefined ? undefined : Math.round(options.defaultWeightKg * 1000);
    const base = { service: options.service, pickup, storeId, defaultWeightGrams };
    const known = { chosen: options.columns, remembered: await rememberedChoices(tx, sender.merchantId) };
    let remember: FileRead['remember'];
    const lines: ManyParcels = {
      name: file.name,
      read: (terms) => {
        const read = readBulkFile(context.config, file.content, base, terms, known);
        remember = read.remember;
        return read;
      },
      refuse: (problems) => new BulkBookingRefusal(problems),
    };
    const { booking, booked, lines: bookedLines } = await bookMany(context, tx, sender, lines, now);
    // Columns chosen for a file of another shape are used again for the next file like it (issue 41).
    if (remember) await rememberChoices(tx, sender.merchantId, remember.signature, remember.columns);
    return {
      id: booking.id,
      fileName: booking.fileName,
      parcels: booking.parcels,
      total: booked.reduce((sum, row) => sum + row.total, 0),
      createdAt: booking.createdAt.toISOString(),
      labelsUrl: bulkLabelsUrl(context.config, booking.id),
      vagueAddresses: vagueAddresses(booked, bookedLines),
    };
  });
}
