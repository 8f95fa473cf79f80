import type { Cart } from '#shared/cart.ts';
import { CART_MESSAGES } from '#shared/cart-rules.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { type StoredCartItem, writeVisitorCart } from './cart-store.ts';

/**
 * At sign-in the visitor's cart joins the account's (R-CART): the same product summed and clamped to its
 * maximum and stock by the server, which says what it changed. The browser's copy is emptied first, so a
 * second run cannot add it twice, and put back if the server could not take it.
 */
export async function mergeVisitorCart(items: StoredCartItem[]): Promise<Cart> {
  writeVisitorCart([]);
  try {
    const cart = await apiRequest<Cart>('/api/cart/items', { method: 'POST', body: { items, merge: true } });
    toast.info(CART_MESSAGES.mergedIntoAccount);
    for (const notice of cart.notices) toast.warning(notice);
    return cart;
  } catch (error) {
    writeVisitorCart(items);
    throw error;
  }
}
