import { centsToDollars } from '#shared/money.ts';
import type { AdminProduct, Product } from '#shared/product.ts';
import type { ProductRow } from './stock.ts';

/** The database row in the API's shape (R-API): `_id`, price in dollars; who added it is not public (decision 46). */
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
  };
}

/** The row as the admin routes answer it: the owner as `email` and `userName`, as the spec names them. */
export function toAdminProduct(row: ProductRow): AdminProduct {
  return { ...toProduct(row), email: row.ownerEmail, userName: row.ownerName };
}
