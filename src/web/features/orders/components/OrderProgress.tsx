import type { Order } from '#shared/order.ts';
import type { OrderStatus } from '#shared/order-status.ts';

/** How each status reads on the page, and its badge colour (R-ORDER-STATUS). */
const STATUS_LABELS: Record<OrderStatus, { text: string; badge: string }> = {
  unpaid: { text: 'Unpaid', badge: 'badge-warning' },
  paid: { text: 'Paid', badge: 'badge-success' },
  shipped: { text: 'Shipped', badge: 'badge-info' },
  delivered: { text: 'Delivered', badge: 'badge-success' },
  cancelled: { text: 'Cancelled', badge: 'badge-neutral' },
  refunded: { text: 'Refunded', badge: 'badge-neutral' },
};

const CANCELLED_BY: Record<NonNullable<Order['cancelledBy']>, string> = {
  customer: 'by you',
  shop: 'by the shop',
  expiry: 'unpaid for too long',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const label = STATUS_LABELS[status];
  return <span className={`badge badge-soft ${label.badge}`}>{label.text}</span>;
}

/** Where an order stands: its tracking once shipped, why it was cancelled, and its timeline (R-ORDER-TIMELINE). */
export function OrderProgress({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      {order.status === 'cancelled' && order.cancelledBy ? <span>Cancelled {CANCELLED_BY[order.cancelledBy]}</span> : null}
      {order.carrier && order.trackingNumber ? (
        <span>
          {order.carrier} · tracking <span className="font-mono">{order.trackingNumber}</span>
        </span>
      ) : null}
      {order.timeline.length > 0 ? (
        <details>
          <summary className="cursor-pointer">Timeline</summary>
          <ol className="mt-1 flex flex-col gap-1">
            {order.timeline.map((event) => (
              <li key={`${event.at}-${event.to}`}>
                <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>: {STATUS_LABELS[event.from].text} →{' '}
                {STATUS_LABELS[event.to].text} ({event.by}){event.note ? ` · ${event.note}` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
