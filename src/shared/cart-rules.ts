/**
 * The cart's rules (R-CART), without zod so the navbar and the cards can use them without loading it:
 * how many of a product a line may hold, how two carts' lines of one product combine, and what a line's
 * customer must be told. The server applies them to the product as it is now; the pages only to show.
 */

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

/** One product in two carts (the visitor's and the account's): the sum, clamped to the maximum and stock. */
export const mergeCartQuantities = (kept: number, added: number, product: CartProductFacts) =>
  clampCartQuantity(kept + added, product);

/** A visitor's cart as the browser keeps it (localStorage "cart"): the price seen when added, in dollars. */
export interface StoredCartItem {
  productId: string;
  quantity: number;
  seenPrice: number;
}

export const VISITOR_CART_KEY = 'cart';
