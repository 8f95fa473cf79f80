import { ownTrackingPath } from '#shared/carriers.ts';
import type { OrderFacts, StatusFacts } from '../outbox.ts';
import { composeMail, orderRows, type RenderedMail, type Writer } from './layout.ts';

/** R-ORDER-STATUS: the mail of each status change after payment. */
export function orderStatusMail(writer: Writer, order: OrderFacts & StatusFacts): RenderedMail {
  const { i18n } = writer;
  const subject: Record<StatusFacts['status'], string> = {
    shipped: i18n._('Your order is on its way'),
    delivered: i18n._('Your order was delivered'),
    refunded: i18n._('Your order was refunded'),
  };
  const says: Record<StatusFacts['status'], string> = {
    shipped: i18n._('We handed your order to the carrier. You can follow it with the tracking number below.'),
    delivered: i18n._('Your order has been delivered. We hope you enjoy it.'),
    refunded: i18n._('We refunded your order: the amount goes back to the card you paid with.'),
  };
  const rows = orderRows(writer, order);
  if (order.status === 'shipped')
    rows.push([i18n._('Carrier'), order.carrier], [i18n._('Tracking number'), order.trackingNumber]);
  // Shipped through the shop's own network: its tracking page, in the customer's language (issue 29).
  const ownTracking = order.status === 'shipped' ? ownTrackingPath(order.carrier, order.trackingNumber) : undefined;
  return composeMail(writer, subject[order.status], writer.hello(order.customerName), [
    says[order.status],
    ...(ownTracking ? [{ link: writer.page(ownTracking), label: i18n._('Track your parcel') }] : []),
    { rows },
    ...(order.note ? [order.note] : []),
  ]);
}
