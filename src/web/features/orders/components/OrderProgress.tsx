import type { Order } from '#shared/order.ts';
import type { OrderStatus } from '#shared/order-status.ts';

/** How each status reads on the pages (R-ORDER-STATUS): the badges, the timeline, the filter and the overview. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Each status's badge colour (R-ORDER-STATUS). */
const STATUS_BADGES: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  delivered: 'badge-success',
  cancelled: 'badge-neutral',
  refunded: 'badge-neutral',
};

const CANCELLED_BY: Record<NonNullable<Order['cancelledBy']>, string> = {
  customer: 'by you',
  shop: 'by the shop',
  expiry: 'unpaid for too long',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-soft ${STATUS_BADGES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
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
              <li key={`${event.at}-${event.from}-${event.to}`}>
                <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>:{' '}
                {/* A line with no move (a delivery address given, a note; R-ORDER-ADDRESS) names the status once. */}
                {event.from === event.to
                  ? ORDER_STATUS_LABELS[event.to]
                  : `${ORDER_STATUS_LABELS[event.from]} → ${ORDER_STATUS_LABELS[event.to]}`}{' '}
                ({event.by}){event.note ? ` · ${event.note}` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
