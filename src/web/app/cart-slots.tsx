import type { Product } from '#shared/product.ts';
import { useAccessToken } from '#web/features/auth/api/use-access-token.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import type { CartOwner } from '#web/features/cart/cart-store.ts';
import { AddToCartButton } from '#web/features/cart/components/AddToCartButton.tsx';
import { CartButton } from '#web/features/cart/components/CartButton.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * Whose cart this is (R-CART): the account's once its access token is there, else the browser's. The
 * server's HTML says 'checking' (a disabled Add to cart); the slots hydrate that way even when the
 * session has answered meanwhile, then enable.
 */
export function useCartOwner(): CartOwner {
  const hydrated = useHydrated();
  const { user, isPending } = useViewer();
  const token = useAccessToken(user?.email);
  if (!hydrated || isPending || (user && token.isPending)) return 'checking';
  return user ? 'signed-in' : 'visitor';
}

/** The navbar's cart link. */
export function NavbarCart() {
  return <CartButton owner={useCartOwner()} />;
}

/** "Add to cart" on a product's card or page. */
export function ProductAddToCart({ product }: { product: Product }) {
  return <AddToCartButton product={product} owner={useCartOwner()} className="btn-block" />;
}
