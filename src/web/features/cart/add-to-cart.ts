import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/cart.ts';
import { CART_MESSAGES, clampCartQuantity } from '#shared/cart-rules.ts';
import type { Product } from '#shared/product.ts';
import { englishText } from '#shared/translate.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { cartCount, readVisitorCart, writeVisitorCart } from './cart-store.ts';

/** What the cart now holds of the product, said in full (R-CART); the line is there unless it was refused. */
const addedMessage = (product: Product, quantity = product.minQuantity) =>
  CART_MESSAGES.added(product.name, quantity, product.minQuantity);

/**
 * "Add to cart" (R-CART): one more of the product, or its minimum when it is new to the cart, never past
 * its maximum or stock. The account's cart is changed by the server, which reads the product itself;
 * a visitor's is kept in this browser with the price they saw.
 */
export async function addToCart(product: Product, signedIn: boolean, queryClient: QueryClient): Promise<void> {
  if (signedIn) {
    try {
      const cart = await apiRequest<Cart>('/api/cart/items', {
        method: 'POST',
        body: { items: [{ productId: product._id, quantity: 1, seenPrice: product.price }] },
      });
      queryClient.setQueryData(queryKeys.cart, cart);
      cartCount.set(cart.items.length);
      if (cart.notices.length > 0) for (const notice of cart.notices) toast.warning(notice);
      else toast.success(addedMessage(product, cart.items.find((line) => line.productId === product._id)?.quantity));
    } catch (error) {
      toastApiError(
        error,
        englishText(/*i18n*/ '{product} could not be added to your cart. Please try again.', { product: product.name }),
      );
    }
    return;
  }
  const items = readVisitorCart();
  const existing = items.find((item) => item.productId === product._id);
  const quantity = clampCartQuantity((existing?.quantity ?? 0) + 1, product);
  if (quantity === undefined) {
    toast.warning(CART_MESSAGES.soldOut(product.name));
    return;
  }
  if (existing?.quantity === quantity) {
    toast.warning(CART_MESSAGES.mergedClamped(product.name, quantity));
    return;
  }
  writeVisitorCart(
    existing
      ? items.map((item) => (item === existing ? { ...item, quantity } : item))
      : [...items, { productId: product._id, quantity, seenPrice: product.price }],
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.visitorCart });
  toast.success(addedMessage(product, quantity));
}
