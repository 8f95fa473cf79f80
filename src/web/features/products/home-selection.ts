import type { Product } from '#shared/product.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';

/**
 * The home grid (R-GRID): the original client took "the first 8 of the list reversed". The list comes oldest first, so reversing
 * it first puts the newest products, such as one an admin just added, at the front of the grid.
 */
export function selectHomeProducts(products: readonly Product[]): Product[] {
  return [...products].reverse().slice(0, DISPLAY_LIMITS.homeGridSize);
}
