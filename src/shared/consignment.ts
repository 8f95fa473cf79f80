import { z } from 'zod';
import { namedPlaceSchema } from './area.ts';
import { nameSchema } from './auth.ts';
import { BD_MOBILE_MESSAGE, bdMobileSchema } from './bd-mobile.ts';
import { CONSIGNMENT_STATUSES } from './consignment-status.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { PARCEL_CURRENCY, SERVICES, ZONES } from './parcel-services.ts';
import { areaReference, codAmountField, weightGramsField } from './quote.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';
import { profileInputSchema } from './user.ts';

/** How the sender pays the delivery fee: by card when booking, or out of the cash the rider collects. */
export const SENDER_FEE_PAYMENTS = ['card', 'cod'] as const;
/** `shop`: the shop's own order shipped through the network (issue 29): no fee is charged. */
export const FEE_PAYMENTS = [...SENDER_FEE_PAYMENTS, 'shop'] as const;
export type FeePayment = (typeof FEE_PAYMENTS)[number];

// The mobile number's rule has a file of its own, so the sign-in forms load it without the parcels' rules.
export { BD_MOBILE_MESSAGE, bdMobileSchema };

/** One end of a parcel's trip: who hands it over or receives it, and where. */
const partySchema = (area: string) =>
  z.object({
    name: nameSchema,
    phone: bdMobileSchema,
    address: profileInputSchema.shape.address,
    areaId: areaReference(area),
  });

/** An optional text of at most `max` characters; empty is none. */
export const optionalText = (field: string, max: number) =>
  textField(field)
    .trim()
    .max(max, englishText(/*i18n*/ '{field} must be at most {max} characters', { field, max }))
    .optional()
    .transform((text) => text || undefined);

/** `POST /api/consignments` (R-BOOKING): the fee is the server's, from the rate card in force; never the client's. */
export const consignmentInputSchema = z.object({
  service: z.enum(SERVICES, {
    error: englishText(/*i18n*/ 'service must be one of {services}', { services: SERVICES.join(', ') }),
  }),
  pickup: partySchema('pickup area'),
  recipient: partySchema('recipient area'),
  weightGrams: weightGramsField,
  codAmount: codAmountField.default(0),
  declaredValue: z
    .preprocess(
      decimalFromText,
      z
        .number({ error: /*i18n*/ 'declaredValue must be a whole number of poisha' })
        .int(/*i18n*/ 'declaredValue must be a whole number of poisha')
        .min(0, /*i18n*/ 'declaredValue must not be negative')
        .max(LIMITS.priceMaxCents, /*i18n*/ 'declaredValue is too large'),
    )
    .optional(),
  merchantInvoice: optionalText(/*i18n*/ 'merchantInvoice', LIMITS.merchantInvoiceMaxLength),
  note: optionalText(/*i18n*/ 'note', LIMITS.parcelNoteMaxLength),
  feePayment: z
    .enum(SENDER_FEE_PAYMENTS, { error: /*i18n*/ 'feePayment must be card or cod' })
    .optional()
    .describe('card, or cod to take the fee from the cash collected; cod by default when there is cash to collect.'),
});
export type ConsignmentInput = z.input<typeof consignmentInputSchema>;
export type ConsignmentRequest = z.output<typeof consignmentInputSchema>;

const estimateSchema = z.object({ earliest: z.string(), latest: z.string() });

/** The answer to a booking: the same for every repetition of one `Idempotency-Key`. */
export const bookingSchema = z.object({
  trackingCode: z.string(),
  status: z.enum(CONSIGNMENT_STATUSES),
  deliveryFee: z.number().int(),
  codFee: z.number().int(),
  total: z.number().int(),
  estimatedDelivery: estimateSchema,
  labelUrl: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A consignment as its sender (and staff) see it: My Parcels and the parcel's page. */
export const consignmentSchema = z.object({
  trackingCode: z.string(),
  status: z.enum(CONSIGNMENT_STATUSES),
  service: z.enum(SERVICES),
  zone: z.enum(ZONES),
  currency: z.literal(PARCEL_CURRENCY),
  pickup: z.object({ name: z.string(), phone: z.string(), address: z.string(), area: namedPlaceSchema }),
  recipient: z.object({ name: z.string(), phone: z.string(), address: z.string(), area: namedPlaceSchema }),
  weightGrams: z.number().int(),
  codAmount: z.number().int(),
  declaredValue: z.number().int().nullable(),
  merchantInvoice: z.string().nullable(),
  note: z.string().nullable(),
  deliveryFee: z.number().int(),
  codFee: z.number().int(),
  total: z.number().int(),
  feePayment: z.enum(FEE_PAYMENTS),
  /** A card-paid fee: whether it is paid yet. A COD fee is taken from the cash, so it is never owed. */
  feePaid: z.boolean(),
  estimatedDelivery: estimateSchema,
  labelUrl: z.string(),
  trackingUrl: z.string(),
  createdAt: z.string(),
  /** Once delivered, wholly or partly (R-PROOF-OF-DELIVERY): the cash taken and how the handover was proved. */
  proofOfDelivery: z
    .object({
      codCollected: z.number().int(),
      /** What a partial delivery handed over. */
      handedOver: z.string().nullable(),
      receivedBy: z.string().nullable(),
      /** The photo of the handover (its sender and staff may open it); null when the recipient's code proved it. */
      photoUrl: z.string().nullable(),
    })
    .nullable(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

/** Whether the sender still owes the fee (issue 39): a card-paid fee not paid yet, unless the parcel was cancelled. */
export const feeOwed = (parcel: Pick<Consignment, 'status' | 'feePaid'>) => !parcel.feePaid && parcel.status !== 'cancelled';

/** A parcel named in an address by its tracking code, as typed or printed (the service reads it). */
export const trackingCodeParamsSchema = z.object({ trackingCode: z.string().max(40) });

/** The parcel's page, where its sender pays and prints (R-BOOKING). */
export const parcelPath = (trackingCode: string) => `/dashboard/parcels/${trackingCode}`;
export const labelPath = (trackingCode: string) => `/api/consignments/${trackingCode}/label.pdf`;
/** The same label for the merchant API's key (issue 41): the website's route takes a session, not a key. */
export const apiLabelPath = (trackingCode: string) => `/api/v1/consignments/${trackingCode}/label.pdf`;
/** A label's language when it is not the request's: `lang=bn` prints it in Bangla (R-LABEL). */
export const labelQuerySchema = z.object({ lang: z.string().optional() });
export const handoverPhotoPath = (trackingCode: string) => `/api/consignments/${trackingCode}/handover-photo`;
/** The handover photo for the merchant API's key (issue 41). */
export const apiHandoverPhotoPath = (trackingCode: string) => `/api/v1/consignments/${trackingCode}/handover-photo`;
// The public tracking page's address, beside the codes it takes (the home page's tracking box needs no more).
export { trackingPath } from './tracking-code.ts';

/** "Ship with SwiftCargo" (issue 29): one of the shop's paid orders booked from its warehouse to the order's address. */
export const shipOrderInputSchema = z.object({
  service: consignmentInputSchema.shape.service,
  areaId: areaReference(/*i18n*/ 'delivery area'),
  weightGrams: weightGramsField,
});
export type ShipOrderInput = z.input<typeof shipOrderInputSchema>;
