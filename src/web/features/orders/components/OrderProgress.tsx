import { trackingPageOf } from '#shared/carriers.ts';
import type { Order } from '#shared/order.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { shownMoment } from '#web/lib/shop-time-zone.ts';

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

/** Who reads the order: its customer (My Orders, their order page) or an admin (Manage Orders). */
export type OrderReader = 'customer' | 'admin';

/** Who cancelled, in words that fit the reader (issue 26). */
const CANCELLED_BY: Record<OrderReader, Record<NonNullable<Order['cancelledBy']>, string>> = {
  customer: {
    customer: 'You cancelled this order',
    shop: 'Cancelled by the shop',
    expiry: 'Cancelled: not paid in time',
  },
  admin: {
    customer: 'Cancelled by the customer',
    shop: 'Cancelled by the shop',
    expiry: 'Cancelled: not paid in time',
  },
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-soft ${STATUS_BADGES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** The steps a paid order goes through; an order elsewhere (unpaid, cancelled, refunded) shows no stepper. */
const DELIVERY_STEPS: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** Paid → Shipped → Delivered, the steps reached in the shop's colour and the current one announced. */
export function OrderStepper({ order }: { order: Order }) {
  const reached = DELIVERY_STEPS.indexOf(order.status);
  if (reached < 0) return null;
  return (
    <ol className="steps steps-horizontal w-full max-w-80 text-xs" aria-label="Delivery progress" data-testid="order-steps">
      {DELIVERY_STEPS.map((step, index) => (
        <li
          key={step}
          className={`step ${index <= reached ? 'step-primary' : ''}`}
          aria-current={index === reached ? 'step' : undefined}
        >
          {ORDER_STATUS_LABELS[step]}
        </li>
      ))}
    </ol>
  );
}

/** The carrier and tracking number, the number a link to the carrier's page when the shop knows it. */
export function Tracking({ order }: { order: Order }) {
  if (!order.carrier || !order.trackingNumber) return null;
  const page = trackingPageOf(order.carrier, order.trackingNumber);
  const number = <span className="font-mono">{order.trackingNumber}</span>;
  return (
    <span className="text-xs">
      {order.carrier} · tracking{' '}
      {page ? (
        <a href={page} className="link link-primary" target="_blank" rel="noopener noreferrer">
          {number}
          <span className="sr-only"> (opens the carrier’s page)</span>
        </a>
      ) : (
        number
      )}
    </span>
  );
}

/** Who made a change, as the reader knows them: a customer sees "you" and "the shop", never an admin's email. */
function actorFor(reader: OrderReader, order: Order, actor: string): string {
  if (reader === 'admin') return actor;
  if (actor === order.email) return 'you';
  return actor.includes('@') ? 'the shop' : actor;
}

/** The timeline (R-ORDER-TIMELINE), from "Placed" to the last change, oldest first. */
export function OrderTimeline({ order, reader }: { order: Order; reader: OrderReader }) {
  return (
    <ol className="flex flex-col gap-1 text-xs" data-testid="order-timeline">
      <li>
        <time dateTime={order.placedAt}>{shownMoment(order.placedAt)}</time>: Placed
      </li>
      {order.timeline.map((event) => (
        <li key={`${event.at}-${event.from}-${event.to}`}>
          <time dateTime={event.at}>{shownMoment(event.at)}</time>:{' '}
          {/* A line with no move (a delivery address given, a note; R-ORDER-ADDRESS) names the status once. */}
          {event.from === event.to
            ? ORDER_STATUS_LABELS[event.to]
            : `${ORDER_STATUS_LABELS[event.from]} → ${ORDER_STATUS_LABELS[event.to]}`}{' '}
          ({actorFor(reader, order, event.by)}){event.note ? ` · ${event.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** Why a cancelled order was cancelled, in the reader's words. */
export function CancelledNote({ order, reader }: { order: Order; reader: OrderReader }) {
  if (order.status !== 'cancelled' || !order.cancelledBy) return null;
  return <span className="text-xs">{CANCELLED_BY[reader][order.cancelledBy]}</span>;
}

/** Where an order stands in a list: why it was cancelled, its tracking, and its timeline folded away. */
export function OrderProgress({ order, reader }: { order: Order; reader: OrderReader }) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      <CancelledNote order={order} reader={reader} />
      <Tracking order={order} />
      <details>
        <summary className="cursor-pointer py-1">Timeline</summary>
        <div className="mt-1">
          <OrderTimeline order={order} reader={reader} />
        </div>
      </details>
    </div>
  );
}
