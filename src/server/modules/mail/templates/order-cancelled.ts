import type { CancelledBy, OrderFacts } from '../outbox.ts';
import { composeMail, orderRows, type RenderedMail, type Writer } from './layout.ts';

export function orderCancelledMail(writer: Writer, order: OrderFacts & { by: CancelledBy }): RenderedMail {
  const { i18n } = writer;
  const why: Record<CancelledBy, string> = {
    customer: i18n._('As you asked, we cancelled your unpaid order.'),
    shop: i18n._('We had to cancel your unpaid order. Nothing was charged; write to us if you have questions.'),
    expiry: i18n._(
      'Your order stayed unpaid longer than we hold stock for, so we cancelled it and put the products back on sale. Nothing was charged; you are welcome to order again.',
    ),
  };
  return composeMail(writer, i18n._('Your order was cancelled'), writer.hello(order.customerName), [
    why[order.by],
    { rows: orderRows(writer, order) },
  ]);
}
