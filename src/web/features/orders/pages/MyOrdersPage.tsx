import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '../../../../shared/messages.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Order } from '../../../../shared/order.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCancelOrder, useMyOrders } from '../api/use-orders.ts';
import { OrderProduct } from '../components/OrderProduct.tsx';

/** Pay for an unpaid order, or the paid badge (disabled, as in the spec) with the transaction id. */
function Payment({ order }: { order: Order }) {
  if (!order.paid) {
    return (
      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-xs btn-primary">
        Pay
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <button type="button" className="btn btn-xs btn-success w-fit" disabled>
        paid
      </button>
      <span className="break-all text-xs">
        Transaction id: <span className="font-mono">{order.transactionId}</span>
      </span>
    </div>
  );
}

/** My Orders: unpaid orders can be paid or cancelled; paid ones show their transaction id. */
export function MyOrdersPage({ email }: { email: string }) {
  useDocumentTitle('My Orders');
  const orders = useMyOrders(email);
  const cancelOrder = useCancelOrder();

  async function cancel(order: Order) {
    if (!window.confirm(MESSAGES.cancelConfirm)) return;
    try {
      await cancelOrder.mutateAsync(order._id);
      toast.success(MESSAGES.orderCancelled);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The order could not be cancelled. Please try again.');
    }
  }

  const cancelButton = (order: Order) =>
    order.paid ? null : (
      <button
        type="button"
        className="btn btn-xs btn-error btn-outline"
        disabled={cancelOrder.isPending && cancelOrder.variables === order._id}
        onClick={() => cancel(order)}
      >
        Cancel
      </button>
    );

  if (orders.isPending) return <Spinner label="Loading your orders" />;
  if (orders.isError) return <LoadError what="your orders" onRetry={() => orders.refetch()} />;

  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders" className="text-xl font-semibold">
        My Orders
      </h2>
      {orders.data.length === 0 ? (
        <p className="mt-4 text-base-content/80">
          You have not ordered anything yet.{' '}
          <Link to="/" className="link link-primary">
            Browse our products
          </Link>
        </p>
      ) : (
        <>
          {/* Phones get one card per order, so Pay and Cancel never hide beyond the screen's edge. */}
          <ul className="mt-4 flex flex-col gap-3 sm:hidden">
            {orders.data.map((order) => (
              <li key={order._id} className="card border border-base-300 bg-base-100" data-testid="order-card">
                <div className="card-body gap-2 p-4">
                  <OrderProduct order={order} />
                  <p className="text-sm">
                    Quantity {order.quantity} · <span className="font-semibold">$ {formatDollars(order.price)}</span>
                  </p>
                  <div className="flex items-start justify-between gap-3">
                    <Payment order={order} />
                    {cancelButton(order)}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block">
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Product</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Payment</th>
                  <th scope="col">
                    <span className="sr-only">Cancel</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((order, index) => (
                  <tr key={order._id} data-testid="order-row">
                    <th scope="row">{index + 1}</th>
                    <td>
                      <OrderProduct order={order} />
                    </td>
                    <td>{order.quantity}</td>
                    <td className="whitespace-nowrap">$ {formatDollars(order.price)}</td>
                    <td>
                      <Payment order={order} />
                    </td>
                    <td>{cancelButton(order)}</td>
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
