import type { OrderFacts } from '../outbox.ts';
import { composeMail, money, type RenderedMail, type Shop } from './layout.ts';

export function orderCancelledMail(shop: Shop, order: OrderFacts & { by: 'customer' | 'shop' }): RenderedMail {
  const why =
    order.by === 'customer'
      ? 'As you asked, we cancelled your unpaid order.'
      : 'We had to cancel your unpaid order. Nothing was charged; write to us if you have questions.';
  return composeMail(shop, 'Your order was cancelled', `Hello ${order.customerName},`, [
    why,
    {
      rows: [
        ['Order', order.orderId],
        ['Product', order.product],
        ['Quantity', String(order.quantity)],
        ['Total', money(shop, order.totalCents)],
      ],
    },
  ]);
}
