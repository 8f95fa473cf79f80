import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { CANCELLED_BY, ORDER_STATUSES } from './order-status.ts';

/** One line of an order's timeline (R-ORDER-TIMELINE). */
export const orderEventSchema = z.object({
  at: z.iso.datetime(),
  by: z.string(),
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** An order as the API returns it (R-ORDERS): its own copy of name and picture, total price in dollars. */
export const orderSchema = z.object({
  _id: z.uuid(),
  /** R-ORDER-NUMBER: the number people read, e.g. SC-100042. */
  number: z.string(),
  /** Null once the product has been deleted; the order keeps its name, picture and price. */
  productId: z.uuid().nullable(),
  name: z.string(),
  picture: z.string(),
  price: z.number(),
  email: z.string(),
  userName: z.string(),
  quantity: z.number().int(),
  paid: z.boolean(),
  transactionId: z.string().optional(),
  payment: z.string().optional(),
  /** R-ORDER-STATUS: beside the spec's fields, where the order stands and how it travels. */
  status: z.enum(ORDER_STATUSES),
  cancelledBy: z.enum(CANCELLED_BY).optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  timeline: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderIdParamsSchema = z.object({ id: z.uuid({ error: 'order id must be a UUID' }) });

export const ordersQuerySchema = z.object({ email: emailSchema });

/** A quantity as a number or as the text of the quantity field. */
export const orderQuantitySchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
  z
    .number({ error: 'quantity must be a number' })
    .min(1, 'quantity must be at least 1')
    // Before int(): a huge number is first of all too many, not a fraction.
    .max(LIMITS.quantityMax, `quantity must be at most ${LIMITS.quantityMax}`)
    .int('quantity must be a whole number'),
);

/**
 * POST /api/orders. The original client also sends name, picture, price, email and userName; they are
 * dropped here because the server takes them from the product and the signed-in user.
 */
export const newOrderSchema = z.object({
  productId: z.uuid({ error: 'productId must be a product id (UUID)' }),
  quantity: orderQuantitySchema,
});
export type NewOrder = z.infer<typeof newOrderSchema>;

/** The purchase rule of R-PURCHASE, with its messages: the quantity must lie within the product's range. */
export function quantityProblem(quantity: number, range: { minQuantity: number; maxQuantity: number }): string | undefined {
  if (quantity < range.minQuantity) return MESSAGES.quantityTooLow(range.minQuantity);
  if (quantity > range.maxQuantity) return MESSAGES.quantityTooHigh(range.maxQuantity);
  return undefined;
}

/** A note an admin adds to a change, as the timeline keeps it. */
const noteSchema = z.string().trim().max(LIMITS.orderNoteMax, `note must be at most ${LIMITS.orderNoteMax} characters`);
const trackingFieldSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.trackingFieldMax, `${what} must be at most ${LIMITS.trackingFieldMax} characters`);

/** PATCH /api/admin/orders/{id} (R-ORDER-STATUS): shipping needs a carrier and a tracking number. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  carrier: trackingFieldSchema('carrier').optional(),
  trackingNumber: trackingFieldSchema('trackingNumber').optional(),
  note: noteSchema.optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /api/admin/orders/{id}/refund. */
export const orderRefundSchema = z.object({ note: noteSchema.optional() });
