import { toast } from 'react-toastify';
import { MESSAGES } from '../../../../shared/messages.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Order } from '../../../../shared/order.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAllOrders, useRemoveOrder } from '../api/use-orders.ts';
import { OrderProduct } from '../components/OrderProduct.tsx';

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
      toast.error(error instanceof ApiError ? error.message : 'The order could not be cancelled. Please try again.');
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
        <>
          {/* Phones get one card per order, so the action never hides beyond the screen's edge. */}
          <ul className="mt-4 flex flex-col gap-3 md:hidden">
            {orders.data.map((order) => (
              <li key={order._id} className="card border border-base-300 bg-base-100" data-testid="order-card">
                <div className="card-body gap-2 p-4">
                  <OrderProduct order={order} />
                  <p className="break-all text-sm">{order.email}</p>
                  <p className="text-sm">
                    Quantity {order.quantity} · <span className="font-semibold">$ {formatDollars(order.price)}</span>
                  </p>
                  <div className="flex items-center justify-between gap-3">
                    <Status order={order} />
                    {action(order)}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((order, index) => (
                  <tr key={order._id} data-testid="order-row">
                    <th scope="row">{index + 1}</th>
                    <td className="break-all">{order.email}</td>
                    <td>
                      <OrderProduct order={order} />
                    </td>
                    <td>{order.quantity}</td>
                    <td className="whitespace-nowrap">$ {formatDollars(order.price)}</td>
                    <td>
                      <Status order={order} />
                    </td>
                    <td>{action(order)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
