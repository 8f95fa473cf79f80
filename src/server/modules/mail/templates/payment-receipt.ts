import { formatDateTime } from '#shared/locale-format.ts';
import type { OrderFacts } from '../outbox.ts';
import { composeMail, orderRows, type RenderedMail, type Writer } from './layout.ts';

export function paymentReceiptMail(
  writer: Writer,
  payment: OrderFacts & { transactionId: string; paidAt: string },
): RenderedMail {
  const { i18n, shop, locale } = writer;
  return composeMail(writer, i18n._('Payment receipt'), writer.hello(payment.customerName), [
    i18n._('We received your payment. Your order is confirmed.'),
    {
      rows: [
        ...orderRows(writer, payment, i18n._('Amount paid')),
        [i18n._('Transaction id'), payment.transactionId],
        [i18n._('Date'), `${formatDateTime(new Date(payment.paidAt), locale, shop.timeZone)} (${shop.timeZone})`],
      ],
    },
    i18n._('Keep this mail as your receipt.'),
  ]);
}
