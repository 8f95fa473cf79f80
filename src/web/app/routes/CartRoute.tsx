import { CartPage } from '#web/features/cart/pages/CartPage.tsx';
import { useCartOwner } from '../cart-slots.tsx';

/** /cart: public, as a visitor fills a cart before signing in (R-CART). */
export function CartRoute() {
  return <CartPage owner={useCartOwner()} />;
}
