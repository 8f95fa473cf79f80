import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useRemoveOrder } from '../api/use-orders.ts';
import { FulfilOrder, type ShipWithUs } from './FulfilOrder.tsx';

/**
 * What an admin may do to an order, as its status allows (R-ORDERS-ADMIN): unpaid ones Cancel Order,
 * paid ones the spec's disabled Confirm Order and shipping or a refund, shipped ones delivery or a refund;
 * in a list (`viewAt`), shipping, delivery and refunds are a link to the order's own view.
 */
export function AdminOrderActions({ order, viewAt, shipWithUs }: { order: Order; viewAt?: string; shipWithUs?: ShipWithUs }) {
  const { t } = useLingui();
  const removeOrder = useRemoveOrder();

  async function remove() {
    try {
      await removeOrder.mutateAsync(order._id);
      toast.success(MESSAGES.adminOrderCancelled);
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The order could not be cancelled. Please try again.');
    }
  }

  // In a list, shipping, delivery and refunds open the order's own view (issue 26): no form in a table cell.
  const fulfil = viewAt ? (
    <Link to={viewAt} className="btn btn-xs btn-primary btn-outline w-fit whitespace-nowrap">
      {order.status === 'shipped' ? <Trans>Deliver or refund</Trans> : <Trans>Ship or refund</Trans>}
    </Link>
  ) : (
    <FulfilOrder order={order} shipWithUs={shipWithUs} />
  );
  if (order.status === 'shipped') return fulfil;
  if (order.status !== 'unpaid' && order.status !== 'paid') return null;
  return order.paid ? (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn btn-xs btn-success w-fit" disabled>
        <Trans>Confirm Order</Trans>
      </button>
      {fulfil}
    </div>
  ) : (
    <ConfirmButton
      label={t`Cancel Order`}
      className="btn btn-xs btn-error btn-outline whitespace-nowrap"
      disabled={removeOrder.isPending}
      question={t`Cancel order ${order.number}?`}
      details={
        <Plural
          value={order.quantity}
          one="Its # unit goes back to stock and the customer can no longer pay for it."
          other="Its # units go back to stock and the customer can no longer pay for it."
        />
      }
      onConfirm={() => void remove()}
    />
  );
}
