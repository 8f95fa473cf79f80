import { centsToDollars } from '#shared/money.ts';
import type { Order } from '#shared/order.ts';
import type { OrderRow } from './repository.ts';

/** The database row in the API's shape (R-API): `_id`, total price in dollars, payment fields only once paid. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    picture: row.picture,
    price: centsToDollars(row.priceCents),
    email: row.email,
    userName: row.userName,
    quantity: row.quantity,
    paid: row.paid,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.payment ? { payment: row.payment } : {}),
  };
}
