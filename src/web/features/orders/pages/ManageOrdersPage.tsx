import { toast } from 'react-toastify';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useAllOrders, useRemoveOrder } from '../api/use-orders.ts';
import { FulfilOrder } from '../components/FulfilOrder.tsx';
import { OrderList } from '../components/OrderList.tsx';
import { OrderProgress, StatusBadge } from '../components/OrderProgress.tsx';

function Status({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-1">
      <StatusBadge status={order.status} />
      <OrderProgress order={order} />
    </div>
  );
}

/** Manage Orders (admin): every order; unpaid ones can be cancelled, paid ones show a disabled Confirm Order. */
export function ManageOrdersPage() {
  useDocumentTitle('Manage Orders');
  const orders = useAllOrders();
  const removeOrder = useRemoveOrder();

  async function remove(id: string) {
    try {
      await removeOrder.mutateAsync(id);
      toast.success(MESSAGES.adminOrderCancelled);
    } catch (error) {
      toastApiError(error, 'The order could not be cancelled. Please try again.');
    }
  }

  const action = (order: Order) => {
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
      <button
        type="button"
        className="btn btn-xs btn-error btn-outline whitespace-nowrap"
        disabled={removeOrder.isPending && removeOrder.variables === order._id}
        onClick={() => remove(order._id)}
      >
        Cancel Order
      </button>
    );
  };

  if (orders.isPending) return <Spinner label="Loading the orders" />;
  if (orders.isError) return <LoadError what="the orders" onRetry={() => orders.refetch()} />;

  return (
    <section aria-labelledby="manage-orders">
      <h2 id="manage-orders" className="text-xl font-semibold">
        Manage Orders
      </h2>
      {orders.data.length === 0 ? (
        <p className="mt-4 text-base-content/80">No orders have been placed yet.</p>
      ) : (
        <OrderList
          orders={orders.data}
          showCustomer
          statusHeading="Status"
          status={(order) => <Status order={order} />}
          actionHeading="Action"
          action={action}
          tableFrom="md"
        />
      )}
    </section>
  );
}
