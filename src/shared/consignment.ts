import { z } from 'zod';
import { addressQualitySchema } from './address-quality.ts';
import { namedPlaceSchema } from './area.ts';
import { nameSchema } from './auth.ts';
import { BD_MOBILE_MESSAGE, bdMobileSchema } from './bd-mobile.ts';
import { CONSIGNMENT_STATUSES } from './consignment-status.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { PARCEL_CURRENCY, SERVICES, ZONES } from './parcel-services.ts';
import { areaReference, codAmountField, weightGramsField } from './quote.ts';
import { CONFIRMATION_STATES } from './recipient-confirmation.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';
import { profileInputSchema } from './user.ts';

/** How the sender pays the delivery fee: by card when booking, or out of the cash the rider collects. */
export const SENDER_FEE_PAYMENTS = ['card', 'cod'] as const;
/**
 * `shop`: the shop's own order shipped through the network (issue 29): no fee is charged. `account`: an
 * approved merchant's parcel whose cash does not cover its fee: the fee is debited from the merchant's COD
 * ledger when it is delivered (issue 41, R-LEDGER, decision 165); the server decides it, a client never sends it.
 */
export const FEE_PAYMENTS = [...SENDER_FEE_PAYMENTS, 'shop', 'account'] as const;
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

/** How the parcel reaches its recipient (issue 41): at the door, or collected by the recipient at a hub point. */
export const DELIVERY_TYPES = ['home', 'hub'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

const QUANTITY_MESSAGE = englishText(/*i18n*/ 'Quantity must be a whole number from 1 to {max}', {
  max: LIMITS.parcelQuantityMax,
});
const EMAIL_MESSAGE = /*i18n*/ 'Type the recipient’s email address, like name@example.com';
const noneIfEmpty = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * What merchants send with a parcel besides its ends, weight and cash (issue 41, R-PARCEL-DETAILS): the
 * same fields, limits and messages on the booking form, the API's single booking and batch, and a bulk
 * file's columns. Money is poisha here, as every amount of the API; the forms type taka.
 */
export const parcelDetailsSchema = z.object({
  itemDescription: optionalText(/*i18n*/ 'Item description', LIMITS.itemDescriptionMaxLength).describe(
    `What is inside, as the label and the rider show it; at most ${LIMITS.itemDescriptionMaxLength} characters.`,
  ),
  quantity: z
    .preprocess(
      (value) => decimalFromText(noneIfEmpty(value)),
      z
        .number({ error: QUANTITY_MESSAGE })
        .int(QUANTITY_MESSAGE)
        .min(1, QUANTITY_MESSAGE)
        .max(LIMITS.parcelQuantityMax, QUANTITY_MESSAGE)
        .optional(),
    )
    .describe(`How many items the parcel holds, 1 to ${LIMITS.parcelQuantityMax}.`),
  declaredValue: z
    .preprocess(
      decimalFromText,
      z
        .number({ error: /*i18n*/ 'Declared value must be a whole number of poisha' })
        .int(/*i18n*/ 'Declared value must be a whole number of poisha')
        .min(0, /*i18n*/ 'Declared value must not be negative')
        .max(LIMITS.priceMaxCents, /*i18n*/ 'Declared value is too large'),
    )
    .optional()
    .describe('What the goods are worth, in poisha (the booking form types taka).'),
  alternativePhone: z
    .preprocess(noneIfEmpty, bdMobileSchema.optional())
    .describe('A second Bangladeshi mobile number of the recipient’s, called when the first does not answer.'),
  recipientEmail: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : noneIfEmpty(value)),
      z.email({ error: EMAIL_MESSAGE }).max(LIMITS.recipientEmailMaxLength, EMAIL_MESSAGE).optional(),
    )
    .describe(`The recipient’s email address, at most ${LIMITS.recipientEmailMaxLength} characters.`),
  deliveryType: z
    .enum(DELIVERY_TYPES, { error: /*i18n*/ 'Delivery type must be home or hub' })
    .default('home')
    .describe('home: delivered to the door (the default); hub: the recipient collects it at a hub point.'),
  note: optionalText(/*i18n*/ 'Note', LIMITS.parcelNoteMaxLength).describe(
    `A note to the rider (“call before coming”), at most ${LIMITS.parcelNoteMaxLength} characters.`,
  ),
});
export type ParcelDetails = z.output<typeof parcelDetailsSchema>;

/** One of the merchant's stores, by its id (issue 41): the parcel is picked up there. */
export const storeIdField = z
  .uuid({ error: /*i18n*/ 'Choose one of your stores' })
  .optional()
  .describe('One of your stores (`GET /api/v1/stores`): the parcel is picked up there. Absent: your default store.');

const consignmentFields = {
  service: z.enum(SERVICES, {
    error: englishText(/*i18n*/ 'Service must be one of {services}', { services: SERVICES.join(', ') }),
  }),
  recipient: partySchema(/*i18n*/ 'Delivery area'),
  weightGrams: weightGramsField,
  codAmount: codAmountField.default(0),
  merchantInvoice: optionalText(/*i18n*/ 'Invoice number', LIMITS.merchantInvoiceMaxLength),
  ...parcelDetailsSchema.shape,
  askRecipientToConfirm: z
    .boolean()
    .optional()
    .describe(
      'Cash-on-delivery parcels of approved merchants: text the recipient a link to confirm the parcel, correct its address or phone, or say they did not order it, before pickup. Your account’s setting may ask for every one.',
    ),
  feePayment: z
    .enum(SENDER_FEE_PAYMENTS, { error: /*i18n*/ 'Fee payment must be card or cod' })
    .optional()
    .describe(
      'Senders who are no merchant: card. An approved merchant’s is not read: its fee is taken from the cash when that covers it (cod), else from its COD balance (account).',
    ),
};

/** Where a parcel is picked up when its sender gives the address itself (a customer who is no merchant). */
export const pickupPartySchema = partySchema(/*i18n*/ 'Pickup area');
export type PickupParty = z.output<typeof pickupPartySchema>;

/**
 * `POST /api/consignments` (R-BOOKING): the fee is the server's, from the rate card in force; never the client's.
 * A merchant's parcel is picked up at one of its stores (`storeId`, else its default), whatever `pickup` says;
 * a sender who is no merchant gives `pickup` (issue 41, decision 152).
 */
export const consignmentInputSchema = z.object({
  ...consignmentFields,
  storeId: storeIdField,
  pickup: pickupPartySchema
    .optional()
    .describe('Senders who are no merchant: where the parcel is picked up. A merchant’s parcel is picked up at its store.'),
});
/**
 * `POST /api/v1/consignments` and each parcel of a batch (issue 41): a merchant's booking, picked up at the
 * store it names or its default store; the pickup's name, phone and address are the store's, never the client's.
 */
export const merchantConsignmentInputSchema = z.object({ ...consignmentFields, storeId: storeIdField });
export type ConsignmentInput = z.input<typeof consignmentInputSchema>;
export type MerchantConsignmentInput = z.input<typeof merchantConsignmentInputSchema>;
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
  test: z.boolean().describe('Booked with a test key: a sandbox parcel that never goes anywhere (R-SANDBOX).'),
  addressQuality: addressQualitySchema.optional(),
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
  itemDescription: z.string().nullable(),
  quantity: z.number().int().nullable(),
  alternativePhone: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  deliveryType: z.enum(DELIVERY_TYPES),
  /** The merchant's store it is picked up at (issue 41); null for a sender who is no merchant. */
  storeId: z.string().nullable(),
  deliveryFee: z.number().int(),
  codFee: z.number().int(),
  total: z.number().int(),
  feePayment: z
    .enum(FEE_PAYMENTS)
    .describe(
      'How the fee is paid: card (by card before pickup), cod (taken from the cash collected), account (a merchant’s parcel whose cash does not cover it: debited from your COD balance when delivered) or shop (the shop’s own).',
    ),
  /** A card-paid fee: whether it is paid yet. A fee taken from the cash or the merchant's balance is never owed. */
  feePaid: z.boolean(),
  estimatedDelivery: estimateSchema,
  labelUrl: z.string(),
  trackingUrl: z.string(),
  createdAt: z.string(),
  test: z.boolean().describe('Booked with a test key: a sandbox parcel that never goes anywhere (R-SANDBOX).'),
  addressQuality: addressQualitySchema.optional(),
  recipientConfirmation: z
    .enum(CONFIRMATION_STATES)
    .optional()
    .describe(
      'In lists of your parcels, while it is not picked up: what its recipient answered the link to confirm it (R-CONFIRM-BEFORE-PICKUP): asked (no answer yet), confirmed, change_asked (a new address or phone waits for you) or not_ordered (held). Absent when the recipient was not asked.',
    ),
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
  service: consignmentFields.service,
  areaId: areaReference(/*i18n*/ 'Delivery area'),
  weightGrams: weightGramsField,
});
export type ShipOrderInput = z.input<typeof shipOrderInputSchema>;
