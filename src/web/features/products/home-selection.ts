import { LIMITS } from '#shared/limits.ts';
import type { Product } from '#shared/product.ts';

/**
 * The spec's home grid: "the first 8 of the list reversed". The list comes oldest first, so reversing
 * it first puts the newest products, such as one an admin just added, at the front of the grid.
 */
export function selectHomeProducts(products: readonly Product[]): Product[] {
  return [...products].reverse().slice(0, LIMITS.homeGridSize);
}
