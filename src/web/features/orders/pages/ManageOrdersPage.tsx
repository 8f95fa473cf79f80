import { toast } from 'react-toastify';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useAllOrders, useRemoveOrder } from '../api/use-orders.ts';
import { OrderList } from '../components/OrderList.tsx';

function Status({ order }: { order: Order }) {
  return (
    <span className={`badge badge-soft ${order.paid ? 'badge-success' : 'badge-warning'}`}>{order.paid ? 'Paid' : 'Unpaid'}</span>
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

  const action = (order: Order) =>
    order.paid ? (
      <button type="button" className="btn btn-xs btn-success" disabled>
        Confirm Order
      </button>
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
