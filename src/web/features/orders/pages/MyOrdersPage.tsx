import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useCancelOrder, useMyOrders } from '../api/use-orders.ts';
import { DeliveryAddress } from '../components/DeliveryAddress.tsx';
import { OrderList } from '../components/OrderList.tsx';
import { OrderProgress, OrderStepper } from '../components/OrderProgress.tsx';
import { OrderStatusSummary } from '../components/OrderStatusSummary.tsx';

/**
 * Pay for an unpaid order; once paid or cancelled, one status (the spec's disabled "paid" badge while it
 * has not moved on, R-ORDERS), the transaction id, the delivery steps with tracking, and the timeline.
 */
function Payment({ order }: { order: Order }) {
  if (order.status === 'unpaid') {
    return (
      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-xs btn-primary">
        <Trans>Pay</Trans>
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <OrderStatusSummary order={order} />
      {order.transactionId ? (
        <span className="break-all text-xs">
          <Trans>
            Transaction id: <span className="font-mono">{order.transactionId}</span>
          </Trans>
        </span>
      ) : null}
      <OrderStepper order={order} />
      <OrderProgress order={order} reader="customer" />
    </div>
  );
}

/** My Orders: unpaid orders can be paid or cancelled; the others show where they stand, paid ones their transaction id. */
export function MyOrdersPage({ email }: { email: string }) {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  useDocumentTitle(t`My Orders`);
  const orders = useMyOrders(email);
  const cancelOrder = useCancelOrder();

  async function cancel(order: Order) {
    if (!window.confirm(inPageLanguage(MESSAGES.cancelConfirm))) return;
    try {
      await cancelOrder.mutateAsync(order._id);
      toast.success(MESSAGES.orderCancelled);
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The order could not be cancelled. Please try again.');
    }
  }

  const cancelButton = (order: Order) =>
    order.status !== 'unpaid' ? null : (
      <button
        type="button"
        className="btn btn-xs btn-error btn-outline"
        disabled={cancelOrder.isPending && cancelOrder.variables === order._id}
        onClick={() => cancel(order)}
      >
        <Trans>Cancel</Trans>
      </button>
    );

  if (orders.isPending) return <Spinner label={t`Loading your orders`} />;
  if (orders.isError) return <LoadError what={t`your orders`} onRetry={() => orders.refetch()} />;

  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders" className="text-xl font-semibold">
        <Trans>My Orders</Trans>
      </h2>
      {orders.data.length === 0 ? (
        <p className="mt-4 text-base-content/80">
          <Trans>
            You have not ordered anything yet.{' '}
            <Link to="/" className="link link-primary">
              Browse our products
            </Link>
          </Trans>
        </p>
      ) : (
        <OrderList
          orders={orders.data}
          statusHeading={t`Payment`}
          status={(order) => <Payment order={order} />}
          delivery={(order) => <DeliveryAddress order={order} />}
          actionHeading={t`Cancel`}
          action={cancelButton}
          tableFrom="sm"
          pageOf={(order) => `/dashboard/orders/${order.number}`}
        />
      )}
    </section>
  );
}
