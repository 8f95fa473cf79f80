import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { CANCELLED_BY, ORDER_STATUSES } from './order-status.ts';
import { orderShippingAddressSchema, shippingAddressSchema } from './shipping-address.ts';
import { englishText } from './translate.ts';

/** One line of an order's timeline (R-ORDER-TIMELINE). */
export const orderEventSchema = z.object({
  at: z.iso.datetime(),
  by: z.string(),
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * One line of an order (R-CHECKOUT): its own copy of the product's name and picture, prices in dollars
 * as they were when it was placed; `productId` is null once the product has been deleted.
 */
export const orderLineSchema = z.object({
  productId: z.uuid().nullable(),
  name: z.string(),
  picture: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  price: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as the API returns it (R-ORDERS): its own copy of name and picture, total price in dollars. */
export const orderSchema = z.object({
  _id: z.uuid(),
  /** R-ORDER-NUMBER: the number people read, e.g. SC-100042. */
  number: z.string(),
  /**
   * The order's product fields of R-API describe the whole order (R-CHECKOUT, decision 0037): one line's product, or for several
   * lines the first line's product and picture, a name like "Desk Lamp + 2 more", the units of every line.
   * Null once the product has been deleted; the order keeps its name, picture and price.
   */
  productId: z.uuid().nullable(),
  name: z.string(),
  picture: z.string(),
  /** The order's total, in dollars. */
  price: z.number(),
  email: z.string(),
  userName: z.string(),
  quantity: z.number().int(),
  paid: z.boolean(),
  transactionId: z.string().optional(),
  payment: z.string().optional(),
  /** R-ORDER-STATUS: beside the fields of R-API, where the order stands and how it travels. */
  status: z.enum(ORDER_STATUSES),
  /** When it was placed: the first line of its timeline ("Placed"), which no status change writes. */
  placedAt: z.iso.datetime(),
  cancelledBy: z.enum(CANCELLED_BY).optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  /** R-ORDER-ADDRESS: where it goes, as it was at purchase or as an admin added it; null until given. */
  shippingAddress: orderShippingAddressSchema,
  timeline: z.array(orderEventSchema),
  /** R-CHECKOUT: what the order holds, in the order the customer reviewed it; a Buy Now order has one line. */
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** One page of Manage Orders (R-ORDERS-ADMIN) and how many orders match in all. */
export const adminOrdersPageSchema = z.object({
  items: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const orderIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'order id must be a UUID' }) });

/** R-ORDER-NUMBER: an order's page and its API take the number as people read it (SC-100042) or its digits. */
export const orderNumberParamsSchema = z.object({
  number: z
    .string()
    .regex(/^(?:SC-?)?\d{1,9}$/i, { error: /*i18n*/ 'number must be an order number like SC-100042' })
    .transform((text) => Number(text.replace(/\D/g, ''))),
});

export const ordersQuerySchema = z.object({ email: emailSchema });

/** R-ORDER-ADDRESS: what a body that asks for nothing sensible about the address is told. */
export const ORDER_ADDRESS_MESSAGES = {
  nothingToSave: /*i18n*/ 'saveAddressToProfile needs a shippingAddress to save',
  nothingToChange: /*i18n*/ 'give a status, a shippingAddress or both',
  addressWithOtherMove: /*i18n*/ 'a shippingAddress goes on its own or with status shipped',
} as const;

/** R-ORDER-ADDRESS: where an order goes, as Buy Now and checkout take it. */
export const orderDeliveryShape = {
  shippingAddress: shippingAddressSchema.optional(),
  saveAddressToProfile: z.boolean({ error: /*i18n*/ 'saveAddressToProfile must be true or false' }).optional(),
};

/** R-ORDER-ADDRESS: only a given address can be saved to the profile. */
export const addressToSaveRule: [
  (order: { shippingAddress?: unknown; saveAddressToProfile?: boolean }) => boolean,
  { message: string; path: string[] },
] = [
  (order) => !order.saveAddressToProfile || order.shippingAddress !== undefined,
  { message: ORDER_ADDRESS_MESSAGES.nothingToSave, path: ['saveAddressToProfile'] },
];

/** A quantity as a number or as the text of the quantity field, in decimal notation. */
export const orderQuantitySchema = z.preprocess(
  decimalFromText,
  z
    .number({ error: /*i18n*/ 'quantity must be a number' })
    .min(1, /*i18n*/ 'quantity must be at least 1')
    // Before int(): a huge number is first of all too many, not a fraction.
    .max(LIMITS.quantityMax, englishText(/*i18n*/ 'quantity must be at most {max}', { max: LIMITS.quantityMax }))
    .int(/*i18n*/ 'quantity must be a whole number'),
);

/**
 * POST /api/orders. The original client also sends name, picture, price, email and userName; they are
 * dropped here because the server takes them from the product and the signed-in user.
 * R-ORDER-ADDRESS: without `shippingAddress` the order goes to the profile's address, if it has one;
 * `saveAddressToProfile` also keeps the given address and phone in the profile, in the order's transaction.
 */
export const newOrderSchema = z
  .object({
    productId: z.uuid({ error: /*i18n*/ 'productId must be a product id (UUID)' }),
    quantity: orderQuantitySchema,
    ...orderDeliveryShape,
  })
  .refine(...addressToSaveRule);
export type NewOrder = z.infer<typeof newOrderSchema>;

/** The purchase rule of R-PURCHASE, with its messages: the quantity must lie within the product's range. */
export function quantityProblem(quantity: number, range: { minQuantity: number; maxQuantity: number }): string | undefined {
  if (quantity < range.minQuantity) return MESSAGES.quantityTooLow(range.minQuantity);
  if (quantity > range.maxQuantity) return MESSAGES.quantityTooHigh(range.maxQuantity);
  return undefined;
}

/** A note an admin adds to a change, as the timeline keeps it. */
const noteSchema = z
  .string()
  .trim()
  .max(LIMITS.orderNoteMax, englishText(/*i18n*/ 'note must be at most {max} characters', { max: LIMITS.orderNoteMax }));
const trackingFieldSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, englishText(/*i18n*/ '{what} must not be empty', { what }))
    .max(
      LIMITS.trackingFieldMax,
      englishText(/*i18n*/ '{what} must be at most {max} characters', { what, max: LIMITS.trackingFieldMax }),
    );

/**
 * PATCH /api/admin/orders/{id} (R-ORDER-STATUS): shipping needs a carrier and a tracking number.
 * R-ORDER-ADDRESS: `shippingAddress` gives an order not yet shipped its delivery address, alone or with
 * `status: 'shipped'` (then both happen in one transaction).
 */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    carrier: trackingFieldSchema('carrier').optional(),
    trackingNumber: trackingFieldSchema('trackingNumber').optional(),
    shippingAddress: shippingAddressSchema.optional(),
    note: noteSchema.optional(),
  })
  .refine((change) => change.status || change.shippingAddress, {
    message: ORDER_ADDRESS_MESSAGES.nothingToChange,
    path: ['status'],
  })
  .refine((change) => !(change.shippingAddress && change.status && change.status !== 'shipped'), {
    message: ORDER_ADDRESS_MESSAGES.addressWithOtherMove,
    path: ['shippingAddress'],
  });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /api/admin/orders/{id}/refund. */
export const orderRefundSchema = z.object({ note: noteSchema.optional() });
