import { z } from 'zod';
import { addressQualitySchema } from './address-quality.ts';
import { consignmentInputSchema, storeIdField } from './consignment.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { englishText } from './translate.ts';

/**
 * Bulk booking (R-BULK-BOOKING): a merchant's spreadsheet of parcels, one per line, booked all at once
 * or not at all. The columns, in the template's order; a file may put them in any order.
 */
/** The parcel details of issue 41 (R-PARCEL-DETAILS): optional columns, after the parcel's own. */
const DETAIL_COLUMNS = [
  'item_description',
  'quantity',
  'declared_value_taka',
  'alternative_phone',
  'email',
  'delivery_type',
] as const;
export const BULK_COLUMNS = [
  'invoice',
  'recipient_name',
  'phone',
  'address',
  'area',
  'weight_kg',
  'cod_taka',
  'note',
  ...DETAIL_COLUMNS,
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
/** Columns a file may leave out: a parcel without an invoice number, cash to collect, note or its details. */
export const OPTIONAL_BULK_COLUMNS: readonly BulkColumn[] = ['invoice', 'cod_taka', 'note', ...DETAIL_COLUMNS];
/** The columns every parcel needs: a file of another shape names which of its columns holds each (issue 41). */
export const REQUIRED_BULK_COLUMNS = BULK_COLUMNS.filter((column) => !OPTIONAL_BULK_COLUMNS.includes(column));

/** What the template's example line holds, so a merchant sees how each cell is written. */
export const BULK_TEMPLATE_EXAMPLE: Record<BulkColumn, string> = {
  invoice: 'INV-1001',
  recipient_name: 'Rahima Khatun',
  phone: '01711000000',
  address: 'House 12, Road 5, Block C',
  area: 'Mirpur, Dhaka',
  weight_kg: '0.5',
  cod_taka: '1250',
  note: 'Call before delivery',
  item_description: 'Cotton saree',
  quantity: '1',
  declared_value_taka: '1250',
  alternative_phone: '01811000000',
  email: 'rahima@example.com',
  delivery_type: 'home',
};

export const BULK_BOOKING_MESSAGES = {
  refused: /*i18n*/ 'Nothing was booked: correct the lines below and upload the file again.',
  noFile: /*i18n*/ 'Choose the CSV file of your parcels.',
  tooBig: englishText(/*i18n*/ 'The file is larger than {mb} MB: split it in two.', {
    mb: LIMITS.bulkFileMaxBytes / (1024 * 1024),
  }),
  header: englishText(
    /*i18n*/ 'The first line must name the columns: {columns} (the template has them). Only recipient_name, phone, address, area and weight_kg are required.',
    { columns: BULK_COLUMNS.join(', ') },
  ),
  empty: /*i18n*/ 'The file has no parcels under its first line.',
  tooMany: englishText(/*i18n*/ 'A file may hold at most {max} parcels: split it in two.', { max: LIMITS.bulkBookingRowsMax }),
  cells: /*i18n*/ 'This line has more cells than the first line names columns.',
  weight: /*i18n*/ 'weight_kg must be a weight in kilograms, like 0.5 or 2.',
  cod: /*i18n*/ 'cod_taka must be an amount in taka, like 0 or 1250.50.',
  declaredValue: /*i18n*/ 'declared_value_taka must be an amount in taka, like 0 or 1250.50.',
  invoiceRepeated: (invoice: string, line: number) =>
    englishText(/*i18n*/ 'Invoice {invoice} is on line {line} too: each parcel needs its own invoice number.', { invoice, line }),
  inColumn: (column: string, problem: string) => englishText(/*i18n*/ '{column}: {problem}', { column, problem }),
  /** Every problem of one line, one a line of the message (issue 42: a line with two errors names both). */
  andThen: (problem: string, more: string) => englishText(/*i18n*/ '{problem}\n{more}', { problem, more }),
  /** An area a file names that no area is called: what to write in its area column instead (issue 42). */
  unknownArea: (typed: string, instead: string) =>
    englishText(/*i18n*/ 'area: no area is called “{typed}”: write one of these in the area column: {instead}.', {
      typed,
      instead,
    }),
  unknownAreaNothingLike: (typed: string) =>
    englishText(
      /*i18n*/ 'area: no area is called “{typed}”: write the area and its district in the area column, like “Mirpur, Dhaka”.',
      {
        typed,
      },
    ),
  ambiguousArea: (typed: string, instead: string) =>
    englishText(/*i18n*/ 'area: several areas are called “{typed}”: write one of these in the area column: {instead}.', {
      typed,
      instead,
    }),
  noWeight: /*i18n*/ 'weight_kg: the file gives no weight: fill in “Weight when the file has none”.',
  defaultWeight: /*i18n*/ 'Weight when the file has none must be a weight in kilograms, like 0.5 or 2.',
  unknownColumns: englishText(
    /*i18n*/ 'These columns are not the template’s nor a WooCommerce or Shopify order export’s: choose below which of them holds each of ours ({columns} are needed), and it is remembered for files like this one.',
    { columns: REQUIRED_BULK_COLUMNS.join(', ') },
  ),
  columnNotInFile: (column: string) =>
    englishText(/*i18n*/ 'The file has no column “{column}”: choose one of its columns.', { column }),
  notFound: /*i18n*/ 'No bulk booking of yours has this id.',
  printing: /*i18n*/ 'Another bulk booking’s labels are being printed. Try again in a minute.',
} as const;

/** The choices made once for a whole file: the service, and which of the merchant's stores (absent or empty: the default). */
const absentWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * Which column of a file holds each of ours, by the file's own column names, as the merchant chose them
 * for a file of another shape (issue 41); sent as JSON in the form's `columns` field.
 */
export const columnChoicesSchema = z.partialRecord(z.enum(BULK_COLUMNS), z.string().max(LIMITS.csvCellMaxChars));
export type ColumnChoices = z.infer<typeof columnChoicesSchema>;

/**
 * The choices made once for a whole file: the service, which of the merchant's stores (absent or empty:
 * the default), the weight of parcels the file gives none (an order export has no weights), and the
 * columns chosen for a file of another shape.
 */
export const bulkBookingOptionsSchema = z.object({
  service: consignmentInputSchema.shape.service,
  store: z.preprocess(absentWhenEmpty, storeIdField),
  defaultWeightKg: z.preprocess(
    (value) => decimalFromText(absentWhenEmpty(value)),
    z.number({ error: BULK_BOOKING_MESSAGES.defaultWeight }).positive(BULK_BOOKING_MESSAGES.defaultWeight).optional(),
  ),
  columns: z.preprocess((value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, columnChoicesSchema.optional()),
});
export type BulkBookingOptions = z.infer<typeof bulkBookingOptionsSchema>;

/** A booked file: how many parcels it made, what their fees come to, and where its labels print. */
export const bulkBookingSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  parcels: z.number().int(),
  /** The fees of all its parcels, in poisha. */
  total: z.number().int(),
  createdAt: z.string(),
  labelsUrl: z.string(),
  /**
   * The upload's answer only (issue 44, R-ADDRESS-QUALITY): the file's lines whose recipient's address a rider
   * may not find, booked all the same, so the merchant calls those recipients or corrects the parcels.
   */
  vagueAddresses: z
    .array(
      z.object({
        line: z.number().int(),
        trackingCode: z.string(),
        addressQuality: addressQualitySchema.exclude(['good']),
      }),
    )
    .optional(),
});
export type BulkBooking = z.infer<typeof bulkBookingSchema>;

export const bulkBookingIdParamsSchema = z.object({ id: z.uuid() });

export const bulkLabelsPath = (id: string) => `/api/merchant/bulk-bookings/${id}/labels.pdf`;
/** A batch's labels for the merchant API's key (issue 41). */
export const apiBatchLabelsPath = (id: string) => `/api/v1/consignments/batch/${id}/labels.pdf`;
export const BULK_TEMPLATE_PATH = '/api/merchant/bulk-bookings/template.csv';
