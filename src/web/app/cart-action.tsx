import type { Product } from '#shared/product.ts';
import { lazyWhenIdle } from '#web/lib/lazy-when-idle.tsx';

/**
 * The cart's pieces on every page (navbar link, "Add to cart" on cards) are in the server's HTML from the
 * start; their code loads when the browser is idle, so the home page's first JavaScript does not grow
 * (R-BUDGETS, R-CART).
 */
const loadSlots = () => import('./cart-slots.tsx');
export const NavbarCartSlot = lazyWhenIdle(() => loadSlots().then((module) => module.NavbarCart));
const AddToCartSlot = lazyWhenIdle(() => loadSlots().then((module) => module.ProductAddToCart));

export const addToCartAction = (product: Product) => <AddToCartSlot product={product} />;
