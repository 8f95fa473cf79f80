import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ownTrackingPath, trackingPageOf } from '#shared/carriers.ts';
import type { Order } from '#shared/order.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** How each status reads on the pages (R-ORDER-STATUS): the badges, the timeline, the filter and the overview. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: /*i18n*/ 'Unpaid',
  paid: /*i18n*/ 'Paid',
  shipped: /*i18n*/ 'Shipped',
  delivered: /*i18n*/ 'Delivered',
  cancelled: /*i18n*/ 'Cancelled',
  refunded: /*i18n*/ 'Refunded',
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
    customer: /*i18n*/ 'You cancelled this order',
    shop: /*i18n*/ 'Cancelled by the shop',
    expiry: /*i18n*/ 'Cancelled: not paid in time',
  },
  admin: {
    customer: /*i18n*/ 'Cancelled by the customer',
    shop: /*i18n*/ 'Cancelled by the shop',
    expiry: /*i18n*/ 'Cancelled: not paid in time',
  },
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const inPageLanguage = useInPageLanguage();
  return <span className={`badge badge-soft ${STATUS_BADGES[status]}`}>{inPageLanguage(ORDER_STATUS_LABELS[status])}</span>;
}

/** The steps a paid order goes through; an order elsewhere (unpaid, cancelled, refunded) shows no stepper. */
const DELIVERY_STEPS: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** Paid → Shipped → Delivered, the steps reached in the shop's colour and the current one announced. */
export function OrderStepper({ order }: { order: Order }) {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const reached = DELIVERY_STEPS.indexOf(order.status);
  if (reached < 0) return null;
  return (
    <ol className="steps steps-horizontal w-full max-w-80 text-xs" aria-label={t`Delivery progress`} data-testid="order-steps">
      {DELIVERY_STEPS.map((step, index) => (
        <li
          key={step}
          className={`step ${index <= reached ? 'step-primary' : ''}`}
          aria-current={index === reached ? 'step' : undefined}
        >
          {inPageLanguage(ORDER_STATUS_LABELS[step])}
        </li>
      ))}
    </ol>
  );
}

/** The carrier and tracking number, the number a link to the carrier's page when the shop knows it. */
export function Tracking({ order }: { order: Order }) {
  if (!order.carrier || !order.trackingNumber) return null;
  const page = trackingPageOf(order.carrier, order.trackingNumber);
  const own = ownTrackingPath(order.carrier, order.trackingNumber);
  const number = <span className="font-mono">{order.trackingNumber}</span>;
  return (
    <span className="text-xs">
      <Trans>{order.carrier} · tracking </Trans>
      {own ? (
        <Link to={own} className="link link-primary">
          {number}
        </Link>
      ) : page ? (
        <a href={page} className="link link-primary" target="_blank" rel="noopener noreferrer">
          {number}
          <span className="sr-only">
            {' '}
            <Trans>(opens the carrier’s page)</Trans>
          </span>
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
  const inPageLanguage = useInPageLanguage();
  const moment = useShownMoment();
  return (
    <ol className="flex flex-col gap-1 text-xs" data-testid="order-timeline">
      <li>
        <Trans>
          <time dateTime={order.placedAt}>{moment(order.placedAt)}</time>: Placed
        </Trans>
      </li>
      {order.timeline.map((event) => (
        <li key={`${event.at}-${event.from}-${event.to}`}>
          <time dateTime={event.at}>{moment(event.at)}</time>:{' '}
          {/* A line with no move (a delivery address given, a note; R-ORDER-ADDRESS) names the status once. */}
          {event.from === event.to
            ? inPageLanguage(ORDER_STATUS_LABELS[event.to])
            : `${inPageLanguage(ORDER_STATUS_LABELS[event.from])} → ${inPageLanguage(ORDER_STATUS_LABELS[event.to])}`}{' '}
          ({actorFor(reader, order, event.by)}){event.note ? ` · ${event.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** Why a cancelled order was cancelled, in the reader's words. */
export function CancelledNote({ order, reader }: { order: Order; reader: OrderReader }) {
  const inPageLanguage = useInPageLanguage();
  if (order.status !== 'cancelled' || !order.cancelledBy) return null;
  return <span className="text-xs">{inPageLanguage(CANCELLED_BY[reader][order.cancelledBy])}</span>;
}

/** Where an order stands in a list: why it was cancelled, its tracking, and its timeline folded away. */
export function OrderProgress({ order, reader }: { order: Order; reader: OrderReader }) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      <CancelledNote order={order} reader={reader} />
      <Tracking order={order} />
      <details>
        <summary className="cursor-pointer py-1">
          <Trans>Timeline</Trans>
        </summary>
        <div className="mt-1">
          <OrderTimeline order={order} reader={reader} />
        </div>
      </details>
    </div>
  );
}
