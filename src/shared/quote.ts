import { z } from 'zod';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { COD_MAX_POISHA, HEAVIEST_PARCEL_GRAMS, PARCEL_CURRENCY, SERVICES, ZONES } from './parcel-services.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * An area as a form or a client names it: its id (`dhaka-savar`), or its name as the coverage search
 * writes it ("Savar, Dhaka", "সাভার, ঢাকা"), or its name alone when no other area has it (R-COVERAGE).
 */
export const areaReference = (field: string) =>
  textField(field, { error: englishText(/*i18n*/ '{field} is required', { field }) })
    .trim()
    .min(1, englishText(/*i18n*/ '{field} is required', { field }))
    .max(
      LIMITS.areaReferenceMaxLength,
      englishText(/*i18n*/ '{field} must be at most {max} characters', { field, max: LIMITS.areaReferenceMaxLength }),
    );

/**
 * Why a service cannot take a parcel, and why an area is not found (R-QUOTE, R-COVERAGE): the server
 * writes them, and they are here so a page rendered without the API's language (the server's own render)
 * can still write them in the page's.
 */
export const QUOTE_MESSAGES = {
  sameDayZone: /*i18n*/ 'Same-day delivery stays within one city.',
  notOffered: /*i18n*/ 'This service is not offered between these areas.',
  tooLight: (kg: number) => englishText(/*i18n*/ 'This service takes parcels from {kg} kg.', { kg }),
  tooHeavy: (kg: number) => englishText(/*i18n*/ 'This service takes parcels up to {kg} kg.', { kg }),
  cutOff: (hour: number) => englishText(/*i18n*/ 'Same-day delivery is booked before {hour}:00 on a working day.', { hour }),
  unknownArea: (typed: string) => englishText(/*i18n*/ 'No area is called “{typed}”: choose one of the suggestions.', { typed }),
  ambiguousArea: (typed: string, district: string) =>
    englishText(/*i18n*/ 'Several areas are called “{typed}”: add the district, like “{typed}, {district}”.', {
      typed,
      district,
    }),
} as const;

/** A parcel's weight in grams: typed as text in a query, Bengali digits read (R-LOCALE-INPUT). */
export const weightGramsField = z.preprocess(
  decimalFromText,
  z
    .number({ error: /*i18n*/ 'Weight must be a whole number of grams' })
    .int(/*i18n*/ 'Weight must be a whole number of grams')
    .positive(/*i18n*/ 'Weight must be more than 0')
    .max(
      HEAVIEST_PARCEL_GRAMS,
      englishText(/*i18n*/ 'Weight must be at most {max} grams: ask for a freight quote for bigger loads', {
        max: HEAVIEST_PARCEL_GRAMS,
      }),
    ),
);

/** Cash the rider collects from the recipient, in poisha; 0 when the parcel is prepaid. */
export const codAmountField = z.preprocess(
  decimalFromText,
  z
    .number({ error: /*i18n*/ 'Cash to collect must be a whole number of poisha' })
    .int(/*i18n*/ 'Cash to collect must be a whole number of poisha')
    .min(0, /*i18n*/ 'Cash to collect must not be negative')
    .max(COD_MAX_POISHA, englishText(/*i18n*/ 'Cash to collect must be at most {max} poisha', { max: COD_MAX_POISHA })),
);

/** `GET /api/quote` (R-QUOTE). */
export const quoteQuerySchema = z.object({
  from: areaReference(/*i18n*/ 'Pickup area'),
  to: areaReference(/*i18n*/ 'Delivery area'),
  weightGrams: weightGramsField,
  codAmount: codAmountField.default(0),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

const calendarDay = z.string().describe('A day in the shop’s time zone, YYYY-MM-DD.');

export const quoteOptionSchema = z.object({
  service: z.enum(SERVICES),
  available: z.boolean(),
  reason: z.string().optional().describe('Why the service cannot take this parcel; only when it is not available.'),
  deliveryFee: z.number().int().nullable().describe('Poisha; null when the service is not available.'),
  codFee: z.number().int().nullable().describe('Poisha: the COD percentage of codAmount, rounded up to a whole taka.'),
  total: z.number().int().nullable().describe('Poisha: deliveryFee + codFee.'),
  estimatedDelivery: z.object({ earliest: calendarDay, latest: calendarDay }).nullable(),
});
export type QuoteOption = z.infer<typeof quoteOptionSchema>;

export const quoteSchema = z.object({
  currency: z.literal(PARCEL_CURRENCY),
  zone: z.enum(ZONES).describe('Where the parcel goes, seen from where it is picked up.'),
  from: z.string().describe('The pickup area’s id.'),
  to: z.string().describe('The delivery area’s id.'),
  options: z.array(quoteOptionSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * `GET /api/v1/services` (issue 41): each service a booking names, in English and Bangla, where the rate
 * card in force offers it, its working days and the weights it takes there (R-PARCEL-SERVICES, R-RATE-CARD).
 */
export const serviceCatalogueSchema = z.object({
  services: z.array(
    z.object({
      service: z.enum(SERVICES).describe('What a booking’s `service` field takes.'),
      name: z.string(),
      nameBn: z.string(),
      minGrams: z.number().int().describe('The lightest parcel it takes, in grams.'),
      bookedBeforeHour: z
        .number()
        .int()
        .nullable()
        .describe('Booked before this hour (shop time) on a working day, or not at all that day; null when any time will do.'),
      zones: z
        .array(
          z.object({
            zone: z.enum(ZONES),
            workingDays: z
              .object({ earliest: z.number().int(), latest: z.number().int() })
              .describe('Working days from booking to delivery: the first and the last promised.'),
            maxGrams: z.number().int().describe('The heaviest parcel it takes to this zone, in grams.'),
          }),
        )
        .describe('The zones the service reaches and the rate card in force prices; none, and it is not offered now.'),
    }),
  ),
});
export type ServiceCatalogue = z.infer<typeof serviceCatalogueSchema>;
