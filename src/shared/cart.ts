import { z } from 'zod';
import { CART_MESSAGES } from './cart-rules.ts';
import { LIMITS } from './limits.ts';
import { orderQuantitySchema } from './order.ts';

export const cartProductParamsSchema = z.object({ productId: z.uuid({ error: /*i18n*/ 'product id must be a UUID' }) });

/** PUT /api/cart/items/{productId}: the line's new quantity. */
export const cartQuantityBodySchema = z.object({ quantity: orderQuantitySchema });

/**
 * One line sent by a client: PUT /api/cart (the whole cart), POST /api/cart/merge and the visitor's
 * POST /api/cart/preview. `seenPrice` is the price the customer saw when adding it; it only lets the
 * cart say the price changed since, and is never charged.
 */
export const cartItemInputSchema = z.object({
  productId: z.uuid({ error: /*i18n*/ 'productId must be a product id' }),
  quantity: orderQuantitySchema,
  seenPrice: z
    .number()
    .positive()
    .max(LIMITS.priceMaxCents / 100)
    .optional(),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const cartItemsBodySchema = z.object({
  items: z
    .array(cartItemInputSchema)
    .max(LIMITS.cartLinesMax, CART_MESSAGES.tooManyLines)
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, CART_MESSAGES.duplicate),
});
export type CartItemsBody = z.infer<typeof cartItemsBodySchema>;

export const CART_PROBLEM_CODES = ['sold_out', 'not_enough_stock', 'out_of_range', 'price_changed'] as const;

/** A line as the shop sees it now: current name, picture, price and stock, and what the customer must know. */
export const cartLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  picture: z.string(),
  quantity: z.number().int(),
  /** The price now, in dollars; `price` is the line's total at it. */
  unitPrice: z.number(),
  seenPrice: z.number(),
  price: z.number(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  problems: z.array(z.object({ code: z.enum(CART_PROBLEM_CODES), message: z.string() })),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** The total of the lines that can be bought as they are, in dollars. */
  price: z.number(),
  /** What a merge changed, one sentence each (R-CART); empty otherwise. */
  notices: z.array(z.string()),
});
export type Cart = z.infer<typeof cartSchema>;

/** POST /api/cart/items: "Add to cart", or a visitor's whole cart at sign-in (`merge: true`). */
export const cartAddBodySchema = cartItemsBodySchema.extend({ merge: z.boolean().optional() });
