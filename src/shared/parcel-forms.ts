import { z } from 'zod';
import { nameSchema } from './auth.ts';
import { bdMobileSchema, type ConsignmentInput, parcelDetailsSchema, SENDER_FEE_PAYMENTS } from './consignment.ts';
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
  from: areaReference(/*i18n*/ 'Pickup area'),
  to: areaReference(/*i18n*/ 'Delivery area'),
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

const details = parcelDetailsSchema.shape;

/**
 * The booking form: the quote's fields, who sends and who receives, the parcel's details (the API's own
 * fields and messages, issue 41), and how the fee is paid. A merchant picks one of its stores (`store`):
 * its pickup fields are the store's, and the server reads the store, not them (decision 152).
 */
export const bookingFormSchema = z.object({
  service: z.enum(SERVICES),
  store: z.string().optional(),
  pickup: party(/*i18n*/ 'Pickup area'),
  recipient: party(/*i18n*/ 'Delivery area'),
  weight: weightKg,
  cod: taka(COD_MAX_TAKA),
  declaredValue: taka(LIMITS.priceMaxCents / POISHA_PER_TAKA),
  merchantInvoice: textField(/*i18n*/ 'Invoice number').trim().max(LIMITS.merchantInvoiceMaxLength),
  note: textField(/*i18n*/ 'Note').trim().max(LIMITS.parcelNoteMaxLength),
  itemDescription: details.itemDescription,
  quantity: details.quantity,
  alternativePhone: details.alternativePhone,
  recipientEmail: details.recipientEmail,
  deliveryType: details.deliveryType,
  feePayment: z.enum(SENDER_FEE_PAYMENTS),
  /** A merchant's COD parcel: its recipient confirms it before pickup (R-CONFIRM-BEFORE-PICKUP). */
  askRecipientToConfirm: z.boolean().default(false),
});
/**
 * The booking form of a merchant who chose a store: the pickup fields are the store's copy, not typed, and
 * the server reads the store (decision 152), so they are not checked as a typed address is.
 */
export const storeBookingFormSchema = bookingFormSchema.extend({
  pickup: z.object({ name: z.string(), phone: z.string(), address: z.string(), area: z.string() }),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;

/** What the booking form sends to `POST /api/consignments`. */
export const consignmentInputOf = (form: BookingForm): ConsignmentInput => ({
  service: form.service,
  storeId: form.store || undefined,
  // A merchant's store is the pickup (decision 152): its copy in the form is not sent.
  pickup: form.store
    ? undefined
    : { name: form.pickup.name, phone: form.pickup.phone, address: form.pickup.address, areaId: form.pickup.area },
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
  itemDescription: form.itemDescription,
  quantity: form.quantity,
  alternativePhone: form.alternativePhone,
  recipientEmail: form.recipientEmail,
  deliveryType: form.deliveryType,
  // A merchant's (a store's) fee comes out of its cash or balance, decided by the server (decision 165).
  feePayment: form.store ? undefined : form.feePayment,
  askRecipientToConfirm: form.askRecipientToConfirm || undefined,
});

/** The server's field names on a booking, as the form names them. */
export const BOOKING_FIELDS = {
  'pickup.areaId': 'pickup.area',
  'recipient.areaId': 'recipient.area',
  weightGrams: 'weight',
  codAmount: 'cod',
  storeId: 'store',
} as const;
