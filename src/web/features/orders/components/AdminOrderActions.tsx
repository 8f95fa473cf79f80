import { toast } from 'react-toastify/unstyled';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useRemoveOrder } from '../api/use-orders.ts';
import { FulfilOrder } from './FulfilOrder.tsx';

/**
 * What an admin may do to an order, as its status allows (R-ORDERS-ADMIN): unpaid ones Cancel Order,
 * paid ones the spec's disabled Confirm Order and shipping or a refund, shipped ones delivery or a refund.
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const removeOrder = useRemoveOrder();

  async function remove() {
    try {
      await removeOrder.mutateAsync(order._id);
      toast.success(MESSAGES.adminOrderCancelled);
    } catch (error) {
      toastApiError(error, 'The order could not be cancelled. Please try again.');
    }
  }

  if (order.status === 'shipped') return <FulfilOrder order={order} />;
  if (order.status !== 'unpaid' && order.status !== 'paid') return null;
  return order.paid ? (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn btn-xs btn-success w-fit" disabled>
        Confirm Order
      </button>
      <FulfilOrder order={order} />
    </div>
  ) : (
    <ConfirmButton
      label="Cancel Order"
      className="btn btn-xs btn-error btn-outline whitespace-nowrap"
      disabled={removeOrder.isPending}
      question={`Cancel order ${order.number}?`}
      details={`Its ${order.quantity} ${order.quantity === 1 ? 'unit goes' : 'units go'} back to stock and the customer can no longer pay for it.`}
      onConfirm={() => void remove()}
    />
  );
}
