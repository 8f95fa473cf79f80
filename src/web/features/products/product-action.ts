import { createContext, type ReactNode } from 'react';
import type { Product } from '#shared/product.ts';

/**
 * What the app puts below Order Now and Buy Now ("Add to cart", R-CART). A feature does not import
 * another, so the app provides it for every product card and page.
 */
export const ProductActionContext = createContext<(product: Product) => ReactNode>(() => null);
