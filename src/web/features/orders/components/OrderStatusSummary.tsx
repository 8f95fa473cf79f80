import { Trans } from '@lingui/react/macro';
import type { Order } from '#shared/order.ts';
import { StatusBadge } from './OrderProgress.tsx';

/**
 * One status, one badge (issue 26): the spec's disabled "paid" badge (R-ORDERS) while the order is paid
 * and has not moved on, the coloured status once it has (shipped, delivered, refunded, cancelled).
 */
export function OrderStatusSummary({ order }: { order: Order }) {
  if (order.status !== 'paid') return <StatusBadge status={order.status} />;
  return (
    <button type="button" className="btn btn-xs btn-success w-fit" disabled>
      <Trans>paid</Trans>
    </button>
  );
}
