import { z } from 'zod';
import { bdMobileSchema } from './consignment.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { atLeastOneOf } from './one-of-fields.ts';
import { calendarDaySchema } from './pickup.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** The freight services of the home page's cards (R-FREIGHT). */
export const FREIGHT_MODES = ['road', 'air', 'ocean', 'warehousing'] as const;
export type FreightMode = (typeof FREIGHT_MODES)[number];

/**
 * Where a freight request stands (R-FREIGHT): asked for, priced by the company (until a day), accepted
 * by the customer, given a date. A quote not accepted by its last day is `expired`, and may be priced again;
 * a quote the customer turns down is `declined` (issue 42, R-FREIGHT-DECLINE), and may be priced again too.
 */
export const FREIGHT_STATUSES = ['requested', 'quoted', 'accepted', 'scheduled', 'expired', 'declined'] as const;
export type FreightStatus = (typeof FREIGHT_STATUSES)[number];

/** The one table of a freight request's moves: what each status may become. */
export const FREIGHT_MOVES: Record<FreightStatus, readonly FreightStatus[]> = {
  requested: ['quoted'],
  quoted: ['quoted', 'accepted', 'declined'],
  expired: ['quoted'],
  declined: ['quoted'],
  accepted: ['scheduled'],
  scheduled: [],
};

export const FREIGHT_MESSAGES = {
  notFound: /*i18n*/ 'No freight request of yours has this number.',
  move: (from: FreightStatus, to: FreightStatus) =>
    englishText(/*i18n*/ 'A freight request that is {from} cannot become {to}.', { from, to }),
  expired: (day: string) => englishText(/*i18n*/ 'This quote was valid until {day}: ask us to price it again.', { day }),
  validUntilPast: /*i18n*/ 'A quote must be valid until today or a later day.',
  scheduledPast: /*i18n*/ 'Schedule it for today or a later day.',
  readyPast: /*i18n*/ 'The goods must be ready today or later.',
  deliverBeforeReady: /*i18n*/ 'The goods cannot arrive before they are ready.',
  weightOrVolume: /*i18n*/ 'Give the weight, the volume or both.',
} as const;

/** A freight move's problem, or undefined when the table allows it. */
export function freightMoveProblem(from: FreightStatus, to: FreightStatus): string | undefined {
  return FREIGHT_MOVES[from].includes(to) ? undefined : FREIGHT_MESSAGES.move(from, to);
}

const place = (field: string) =>
  textField(field, { error: englishText(/*i18n*/ '{field} is required', { field }) })
    .trim()
    .min(2, englishText(/*i18n*/ '{field} is required', { field }))
    .max(
      LIMITS.addressMaxLength,
      englishText(/*i18n*/ '{field} must be at most {max} characters', { field, max: LIMITS.addressMaxLength }),
    );

const optionalAmount = (field: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : decimalFromText(value)),
    z
      .number({ error: englishText(/*i18n*/ '{field} must be a number', { field }) })
      .positive(englishText(/*i18n*/ '{field} must be more than 0', { field }))
      .max(max, englishText(/*i18n*/ '{field} must be at most {max}', { field, max }))
      .optional(),
  );

/** `POST /api/freight-requests` (R-FREIGHT): a big load to move or store, for the company to price. */
export const freightRequestInputSchema = z
  .object({
    mode: z.enum(FREIGHT_MODES, { error: /*i18n*/ 'Choose road, air, ocean or warehousing' }),
    origin: place(/*i18n*/ 'origin'),
    destination: place(/*i18n*/ 'destination'),
    /** Who the freight team calls about the load (issue 42, R-FREIGHT-PHONE). */
    phone: bdMobileSchema,
    goods: textField(/*i18n*/ 'goods', { error: /*i18n*/ 'Say what the goods are' })
      .trim()
      .min(2, /*i18n*/ 'Say what the goods are')
      .max(
        LIMITS.freightGoodsMaxLength,
        englishText(/*i18n*/ 'goods must be at most {max} characters', { max: LIMITS.freightGoodsMaxLength }),
      ),
    weightKg: optionalAmount(/*i18n*/ 'weightKg', 10_000_000),
    volumeCbm: optionalAmount(/*i18n*/ 'volumeCbm', 100_000),
    readyDate: calendarDaySchema(/*i18n*/ 'Choose the day the goods are ready, like 2026-12-01'),
    deliverBy: calendarDaySchema(/*i18n*/ 'Choose a day, like 2026-12-10').optional(),
  })
  .refine((request) => request.weightKg !== undefined || request.volumeCbm !== undefined, {
    message: FREIGHT_MESSAGES.weightOrVolume,
    path: ['weightKg'],
  })
  .refine((request) => !request.deliverBy || request.deliverBy >= request.readyDate, {
    message: FREIGHT_MESSAGES.deliverBeforeReady,
    path: ['deliverBy'],
  })
  .meta(atLeastOneOf('weightKg', 'volumeCbm'));
export type FreightRequestInput = z.input<typeof freightRequestInputSchema>;
export type FreightRequestFields = z.output<typeof freightRequestInputSchema>;

/** `POST /api/admin/freight-requests/{id}/quote`: the price in poisha and its last valid day. */
export const freightQuoteSchema = z.object({
  amount: z.preprocess(
    decimalFromText,
    z
      .number({ error: /*i18n*/ 'amount must be a whole number of poisha' })
      .int(/*i18n*/ 'amount must be a whole number of poisha')
      .positive(/*i18n*/ 'amount must be more than 0')
      .max(LIMITS.freightQuoteMaxPoisha, /*i18n*/ 'amount is too large'),
  ),
  validUntil: calendarDaySchema(/*i18n*/ 'Choose the last day the quote is valid, like 2026-12-10'),
});
export type FreightQuote = z.output<typeof freightQuoteSchema>;

/** `POST /api/admin/freight-requests/{id}/schedule`: the day the load moves. */
export const freightScheduleSchema = z.object({
  scheduledFor: calendarDaySchema(/*i18n*/ 'Choose the day the load moves, like 2026-12-10'),
});

export const freightIdParamsSchema = z.object({ id: z.uuid(/*i18n*/ 'id must be a freight request id') });

export const freightRequestSchema = z.object({
  id: z.string(),
  /** The number people read: FR-1001 onwards. */
  number: z.string(),
  mode: z.enum(FREIGHT_MODES),
  origin: z.string(),
  destination: z.string(),
  goods: z.string(),
  /** Null for requests made before the phone was asked for (issue 42). */
  phone: z.string().nullable(),
  weightKg: z.number().nullable(),
  volumeCbm: z.number().nullable(),
  readyDate: z.string(),
  deliverBy: z.string().nullable(),
  status: z.enum(FREIGHT_STATUSES),
  quote: z.object({ amount: z.number().int(), validUntil: z.string() }).nullable(),
  scheduledFor: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  createdAt: z.string(),
});
export type FreightRequest = z.infer<typeof freightRequestSchema>;

export const freightNumber = (number: number) => `FR-${number}`;
