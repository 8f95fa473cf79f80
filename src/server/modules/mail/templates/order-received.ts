import { centsToDollars, formatPrice } from '#shared/money.ts';
import type { OrderFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Shop } from './layout.ts';

/** The payment page of an order: the order-received mail's link. */
export function paymentLink(shop: Shop, orderId: string): string {
  return `${shop.publicUrl}/dashboard/payment/${orderId}`;
}

export function orderReceivedMail(shop: Shop, order: OrderFacts): RenderedMail {
  return composeMail(shop, 'We received your order', `Hello ${order.customerName},`, [
    'Thank you for your order. It is reserved for you and will be confirmed once it is paid.',
    {
      rows: [
        ['Order', order.orderNumber ?? order.orderId],
        ['Product', order.product],
        ['Quantity', String(order.quantity)],
        ['Total', formatPrice(centsToDollars(order.totalCents))],
      ],
    },
    { label: 'Pay for your order', link: paymentLink(shop, order.orderId) },
  ]);
}
