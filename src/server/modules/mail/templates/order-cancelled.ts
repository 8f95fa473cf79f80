import { centsToDollars, formatPrice } from '#shared/money.ts';
import type { CancelledBy, OrderFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Shop } from './layout.ts';

const WHY: Record<CancelledBy, string> = {
  customer: 'As you asked, we cancelled your unpaid order.',
  shop: 'We had to cancel your unpaid order. Nothing was charged; write to us if you have questions.',
  expiry:
    'Your order stayed unpaid longer than we hold stock for, so we cancelled it and put the products back on sale. Nothing was charged; you are welcome to order again.',
};

export function orderCancelledMail(shop: Shop, order: OrderFacts & { by: CancelledBy }): RenderedMail {
  const why = WHY[order.by];
  return composeMail(shop, 'Your order was cancelled', `Hello ${order.customerName},`, [
    why,
    {
      rows: [
        ['Order', order.orderNumber ?? order.orderId],
        ['Product', order.product],
        ['Quantity', String(order.quantity)],
        ['Total', formatPrice(centsToDollars(order.totalCents))],
      ],
    },
  ]);
}
