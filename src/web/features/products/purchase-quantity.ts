import { orderQuantitySchema, quantityProblem } from '#shared/order.ts';
import type { Product } from '#shared/product.ts';

/**
 * What the purchase page says about the quantity typed so far: the warnings of R-PURCHASE below the
 * minimum and above the maximum, or why the text is not a quantity at all. Nothing while empty.
 */
export function quantityWarning(text: string, product: Pick<Product, 'minQuantity' | 'maxQuantity'>): string | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  const outOfRange = Number.isFinite(value) ? quantityProblem(value, product) : undefined;
  if (outOfRange) return outOfRange;
  const parsed = orderQuantitySchema.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
