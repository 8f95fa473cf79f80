import type { OrderFacts } from '../outbox.ts';
import { composeMail, orderRows, type RenderedMail, type Writer } from './layout.ts';

/** The payment page of an order: the order-received mail's link. */
export function paymentLink(writer: Writer, orderId: string): string {
  return writer.page(`/dashboard/payment/${orderId}`);
}

export function orderReceivedMail(writer: Writer, order: OrderFacts): RenderedMail {
  const { i18n } = writer;
  return composeMail(writer, i18n._('We received your order'), writer.hello(order.customerName), [
    i18n._('Thank you for your order. It is reserved for you and will be confirmed once it is paid.'),
    { rows: orderRows(writer, order) },
    { label: i18n._('Pay for your order'), link: paymentLink(writer, order.orderId) },
  ]);
}
