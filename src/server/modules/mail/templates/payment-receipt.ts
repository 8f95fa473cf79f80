import { formatDateTime } from '#shared/locale-format.ts';
import { centsToDollars, formatPrice } from '#shared/money.ts';
import type { OrderFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Shop } from './layout.ts';

export function paymentReceiptMail(shop: Shop, payment: OrderFacts & { transactionId: string; paidAt: string }): RenderedMail {
  return composeMail(shop, 'Payment receipt', `Hello ${payment.customerName},`, [
    'We received your payment. Your order is confirmed.',
    {
      rows: [
        ['Order', payment.orderNumber ?? payment.orderId],
        ['Product', payment.product],
        ['Quantity', String(payment.quantity)],
        ['Amount paid', formatPrice(centsToDollars(payment.totalCents))],
        ['Transaction id', payment.transactionId],
        ['Date', `${formatDateTime(new Date(payment.paidAt), 'en', shop.timeZone)} (${shop.timeZone})`],
      ],
    },
    'Keep this mail as your receipt.',
  ]);
}
