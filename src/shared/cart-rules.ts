import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { formatPrice } from './money.ts';
import { englishText } from './translate.ts';

/**
 * The cart's rules and texts (R-CART), without zod so the navbar and the cards can use them without loading it:
 * how many of a product a line may hold, how two carts' lines of one product combine, and what a line's
 * customer must be told. The server applies them to the product as it is now; the pages only to show.
 */

/** Texts the cart shows (R-CART), the server's answers and the page's notices alike. */
export const CART_MESSAGES = {
  soldOut: (name: string) => englishText(/*i18n*/ '{name} is sold out.', { name }),
  notEnoughStock: (name: string, left: number) =>
    englishText(/*i18n*/ 'Only {left} of {name} left: lower the quantity.', { left, name }),
  priceChanged: (name: string, was: number, now: number) =>
    englishText(/*i18n*/ 'The price of {name} changed from {was} to {now} since you added it.', {
      name,
      was: formatPrice(was),
      now: formatPrice(now),
    }),
  notInCart: /*i18n*/ 'This product is not in your cart.',
  /**
   * What "Add to cart" did: a line new to the cart starts at the product's minimum, which is said when it
   * is more than one; a line already there grew by one (R-CART).
   */
  added: (name: string, quantity: number, minQuantity: number) =>
    quantity > minQuantity
      ? englishText(/*i18n*/ 'Added 1 more {name}: {quantity} in your cart.', { name, quantity })
      : minQuantity > 1
        ? englishText(/*i18n*/ 'Added {quantity} × {name} — minimum order {minQuantity}.', { quantity, name, minQuantity })
        : englishText(/*i18n*/ 'Added {quantity} × {name}.', { quantity, name }),
  mergedIntoAccount: /*i18n*/ 'The cart you filled before signing in is now in your account’s cart.',
  productNotFound: /*i18n*/ 'Product not found: it may have been deleted.',
  mergedSum: (name: string) => englishText(/*i18n*/ '{name} was in both carts: the quantities were added together.', { name }),
  mergedClamped: (name: string, quantity: number) =>
    englishText(/*i18n*/ '{name}: your cart holds {quantity}, the most that can be ordered now.', { name, quantity }),
  mergedSoldOut: (name: string) => englishText(/*i18n*/ '{name} is sold out and was left out of your cart.', { name }),
  mergedGone: /*i18n*/ 'A product from your visitor cart is no longer sold and was left out.',
  tooManyLines: englishText(/*i18n*/ 'A cart holds at most {max} products.', { max: LIMITS.cartLinesMax }),
  duplicate: /*i18n*/ 'Each product may appear once.',
} as const;

/** What a line needs to know about its product. */
export interface CartProductFacts {
  minQuantity: number;
  maxQuantity: number;
  availableQuantity: number;
}

/** The most a line may hold now: the product's maximum, or its stock when less. */
export const cartLineLimit = (product: CartProductFacts) => Math.min(product.maxQuantity, product.availableQuantity);

/** Sold out for a cart: not even the product's minimum is in stock. */
export const soldOutForCart = (product: CartProductFacts) => cartLineLimit(product) < product.minQuantity;

/**
 * The quantity a line holds when `wanted` is asked for: within the product's minimum and its limit;
 * undefined when the product is sold out for a cart.
 */
export function clampCartQuantity(wanted: number, product: CartProductFacts): number | undefined {
  if (soldOutForCart(product)) return undefined;
  return Math.min(Math.max(wanted, product.minQuantity), cartLineLimit(product));
}

/**
 * Why a quantity the customer sets cannot be kept (R-CART): outside the product's range (the purchase
 * page's warnings, R-PURCHASE), or more than its stock. The server refuses it; the visitor's cart says it.
 */
export function cartQuantityRefusal(
  quantity: number,
  product: CartProductFacts & { name: string },
): { reason: 'range' | 'stock'; message: string } | undefined {
  if (quantity < product.minQuantity) return { reason: 'range', message: MESSAGES.quantityTooLow(product.minQuantity) };
  if (quantity > product.maxQuantity) return { reason: 'range', message: MESSAGES.quantityTooHigh(product.maxQuantity) };
  if (soldOutForCart(product)) return { reason: 'stock', message: CART_MESSAGES.soldOut(product.name) };
  if (quantity > product.availableQuantity)
    return { reason: 'stock', message: CART_MESSAGES.notEnoughStock(product.name, cartLineLimit(product)) };
  return undefined;
}

/** One product in two carts (the visitor's and the account's): the sum, clamped to the maximum and stock. */
export const mergeCartQuantities = (kept: number, added: number, product: CartProductFacts) =>
  clampCartQuantity(kept + added, product);
