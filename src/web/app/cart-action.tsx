import { Suspense } from 'react';
import type { Product } from '#shared/product.ts';
import { lazyWhenIdle } from '#web/lib/lazy-when-idle.ts';

/**
 * The cart's pieces on every page (navbar link, "Add to cart" on cards) are in the server's HTML from the
 * start; their code loads when the browser is idle, so the home page's first JavaScript does not grow
 * (R-BUDGETS, R-CART).
 */
const loadSlots = () => import('./cart-slots.tsx');
const LazyNavbarCart = lazyWhenIdle(() => loadSlots().then((module) => module.NavbarCart));
const LazyAddToCart = lazyWhenIdle(() => loadSlots().then((module) => module.ProductAddToCart));

export function NavbarCartSlot() {
  return (
    <Suspense fallback={null}>
      <LazyNavbarCart />
    </Suspense>
  );
}

export const addToCartAction = (product: Product) => (
  <Suspense fallback={null}>
    <LazyAddToCart product={product} />
  </Suspense>
);
