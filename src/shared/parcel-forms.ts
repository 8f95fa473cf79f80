import { z } from 'zod';
import { nameSchema } from './auth.ts';
import { bdMobileSchema, type ConsignmentInput, SENDER_FEE_PAYMENTS } from './consignment.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { COD_MAX_POISHA, HEAVIEST_PARCEL_GRAMS, POISHA_PER_TAKA, SERVICES } from './parcel-services.ts';
import { areaReference, type QuoteQuery } from './quote.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';
import { profileInputSchema } from './user.ts';

/**
 * The parcel forms people fill in (R-QUOTE, R-BOOKING): weights in kilograms and money in taka, as
 * people think of them; the API they call speaks grams and poisha. The rules are the API's, in words.
 */
const HEAVIEST_KG = HEAVIEST_PARCEL_GRAMS / 1000;
const COD_MAX_TAKA = COD_MAX_POISHA / POISHA_PER_TAKA;

const weightKg = z.preprocess(
  decimalFromText,
  z
    .number({ error: /*i18n*/ 'Type the weight in kg, like 1.5' })
    .positive(/*i18n*/ 'The weight must be more than 0 kg')
    .max(
      HEAVIEST_KG,
      englishText(/*i18n*/ 'The weight must be at most {max} kg: ask for a freight quote for bigger loads', { max: HEAVIEST_KG }),
    ),
);

const taka = (max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : decimalFromText(value)),
    z
      .number({ error: /*i18n*/ 'Type an amount in taka, like 1200' })
      .min(0, /*i18n*/ 'The amount must not be negative')
      .max(max, englishText(/*i18n*/ 'The amount must be at most {max} taka', { max }))
      .refine(
        (amount) => Number.isInteger(Math.round(amount * POISHA_PER_TAKA * 1000) / 1000),
        /*i18n*/ 'Type at most two decimals',
      ),
  );

/** Cash in taka as a rider types what they collected (issue 29). */
export const cashInTaka = taka(COD_MAX_TAKA);

export const grams = (kilograms: number) => Math.round(kilograms * 1000);
export const poisha = (amount: number) => Math.round(amount * POISHA_PER_TAKA);

/** The quote form of /ship: two areas, a weight and the cash to collect; its address holds them too. */
export const quoteFormSchema = z.object({
  from: areaReference(/*i18n*/ 'pickup area'),
  to: areaReference(/*i18n*/ 'delivery area'),
  weight: weightKg,
  cod: taka(COD_MAX_TAKA),
});
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteForm = z.output<typeof quoteFormSchema>;

export const quoteQueryOf = (form: QuoteForm): QuoteQuery => ({
  from: form.from,
  to: form.to,
  weightGrams: grams(form.weight),
  codAmount: poisha(form.cod),
});

const party = (area: string) =>
  z.object({
    name: nameSchema,
    phone: bdMobileSchema,
    address: profileInputSchema.shape.address,
    area: areaReference(area),
  });

/** The booking form: the quote's fields, who sends and who receives, and how the fee is paid. */
export const bookingFormSchema = z.object({
  service: z.enum(SERVICES),
  pickup: party(/*i18n*/ 'pickup area'),
  recipient: party(/*i18n*/ 'delivery area'),
  weight: weightKg,
  cod: taka(COD_MAX_TAKA),
  declaredValue: taka(LIMITS.priceMaxCents / POISHA_PER_TAKA),
  merchantInvoice: textField(/*i18n*/ 'merchantInvoice').trim().max(LIMITS.merchantInvoiceMaxLength),
  note: textField(/*i18n*/ 'note').trim().max(LIMITS.parcelNoteMaxLength),
  feePayment: z.enum(SENDER_FEE_PAYMENTS),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;

/** What the booking form sends to `POST /api/consignments`. */
export const consignmentInputOf = (form: BookingForm): ConsignmentInput => ({
  service: form.service,
  pickup: { name: form.pickup.name, phone: form.pickup.phone, address: form.pickup.address, areaId: form.pickup.area },
  recipient: {
    name: form.recipient.name,
    phone: form.recipient.phone,
    address: form.recipient.address,
    areaId: form.recipient.area,
  },
  weightGrams: grams(form.weight),
  codAmount: poisha(form.cod),
  declaredValue: form.declaredValue > 0 ? poisha(form.declaredValue) : undefined,
  merchantInvoice: form.merchantInvoice || undefined,
  note: form.note || undefined,
  feePayment: form.feePayment,
});

/** The server's field names on a booking, as the form names them. */
export const BOOKING_FIELDS = {
  'pickup.areaId': 'pickup.area',
  'recipient.areaId': 'recipient.area',
  weightGrams: 'weight',
  codAmount: 'cod',
} as const;
