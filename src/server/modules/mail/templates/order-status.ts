import { centsToDollars, formatPrice } from '#shared/money.ts';
import type { OrderFacts, StatusFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Shop } from './layout.ts';

const SUBJECT: Record<StatusFacts['status'], string> = {
  shipped: 'Your order is on its way',
  delivered: 'Your order was delivered',
  refunded: 'Your order was refunded',
};

const SAYS: Record<StatusFacts['status'], string> = {
  shipped: 'We handed your order to the carrier. You can follow it with the tracking number below.',
  delivered: 'Your order has been delivered. We hope you enjoy it.',
  refunded: 'We refunded your order: the amount goes back to the card you paid with.',
};

/** R-ORDER-STATUS: the mail of each status change after payment. */
export function orderStatusMail(shop: Shop, order: OrderFacts & StatusFacts): RenderedMail {
  const rows: [string, string][] = [
    ['Order', order.orderNumber ?? order.orderId],
    ['Product', order.product],
    ['Quantity', String(order.quantity)],
    ['Total', formatPrice(centsToDollars(order.totalCents))],
  ];
  if (order.status === 'shipped') rows.push(['Carrier', order.carrier], ['Tracking number', order.trackingNumber]);
  return composeMail(shop, SUBJECT[order.status], `Hello ${order.customerName},`, [
    SAYS[order.status],
    { rows },
    ...(order.note ? [order.note] : []),
  ]);
}
