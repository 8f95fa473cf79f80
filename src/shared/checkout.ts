import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { formatPrice } from './money.ts';
import { addressToSaveRule, orderDeliveryShape, orderQuantitySchema } from './order.ts';
import { englishText } from './translate.ts';

/** What checkout tells a customer whose cart cannot become an order as it stands (R-CHECKOUT). */
export const CHECKOUT_MESSAGES = {
  emptyCart: /*i18n*/ 'Your cart is empty: add a product before checking out.',
  cartChanged: /*i18n*/ 'Your cart changed since you reviewed it: review your order again.',
  deleted: (name: string) => englishText(/*i18n*/ '{name} is no longer sold: remove it from your cart.', { name }),
  priceChangedSinceReview: (name: string, was: number, now: number) =>
    englishText(/*i18n*/ 'The price of {name} changed from {was} to {now} since you reviewed your order: review it again.', {
      name,
      was: formatPrice(was),
      now: formatPrice(now),
    }),
  /** The order's name when it holds several lines (decision 0037): the first line's, and how many more. */
  orderName: (first: string, more: number) =>
    more === 0 ? first : englishText(/*i18n*/ '{first} + {more} more', { first, more }),
} as const;

/** A line as the customer saw it on the review page: what they agreed to pay for it. */
export const reviewedLineSchema = z.object({
  productId: z.uuid({ error: /*i18n*/ 'productId must be a product id' }),
  quantity: orderQuantitySchema,
  unitPrice: z
    .number({ error: /*i18n*/ 'unitPrice must be a number' })
    .positive()
    .max(LIMITS.priceMaxCents / 100),
});
export type ReviewedLine = z.infer<typeof reviewedLineSchema>;

/**
 * POST /api/checkout (R-CHECKOUT): the signed-in customer's server cart becomes one order. The delivery
 * address works as Buy Now's does (R-ORDER-ADDRESS). `reviewed` is the cart as the review page showed it:
 * when given, the order is placed only if the cart still holds exactly those lines at those prices;
 * without it, a line's price must still be the one it had when it was added to the cart.
 */
export const checkoutSchema = z
  .object({
    ...orderDeliveryShape,
    reviewed: z.array(reviewedLineSchema).max(LIMITS.cartLinesMax).optional(),
  })
  .refine(...addressToSaveRule);
export type Checkout = z.infer<typeof checkoutSchema>;
