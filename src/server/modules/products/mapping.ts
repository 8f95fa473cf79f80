import { centsToDollars } from '#shared/money.ts';
import type { Product } from '#shared/product.ts';
import type { ProductRow } from './stock.ts';

/** The database row in the API's shape (R-API): `_id`, price in dollars, owner as `email` and `userName`. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    maxQuantity: row.maxQuantity,
    minQuantity: row.minQuantity,
    picture: row.picture,
    availableQuantity: row.availableQuantity,
    categoryId: row.categoryId,
    email: row.ownerEmail,
    userName: row.ownerName,
  };
}
