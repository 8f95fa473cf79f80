import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminOrdersQuery, adminOrdersSearch, readAdminOrdersAddress } from '#shared/admin-orders.ts';
import type { Order } from '#shared/order.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { PageButtons } from '#web/components/PageButtons.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFilterAddress } from '#web/lib/use-filter-address.ts';
import { downloadOrdersCsv, ordersCsvPath, useAdminOrders } from '../api/use-admin-orders.ts';
import { AdminOrderActions } from '../components/AdminOrderActions.tsx';
import { DeliveryAddress } from '../components/DeliveryAddress.tsx';
import { OrderFilters } from '../components/OrderFilters.tsx';
import { OrderList } from '../components/OrderList.tsx';
import { OrderProgress, StatusBadge } from '../components/OrderProgress.tsx';

export const MANAGE_ORDERS_PATH = '/dashboard/manageOrders';
const PAGE_PATH = MANAGE_ORDERS_PATH;

const addressOf = (query: AdminOrdersQuery) => {
  const search = adminOrdersSearch(query);
  return search ? `${PAGE_PATH}?${search}` : PAGE_PATH;
};

function Status({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-1">
      <StatusBadge status={order.status} />
      <OrderProgress order={order} reader="admin" />
    </div>
  );
}

/**
 * Manage Orders (admin): the orders a page at a time, newest first, filtered by status and searched by
 * number or email, all kept in the address (R-ORDERS-ADMIN). Each order offers what its status allows:
 * unpaid ones Cancel Order, paid ones the disabled Confirm Order and shipping or a refund, shipped ones
 * delivery or a refund.
 */
export function ManageOrdersPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Manage Orders`);
  const [parameters] = useSearchParams();
  const query = readAdminOrdersAddress(parameters);
  const orders = useAdminOrders(query);
  const [exporting, setExporting] = useState(false);
  const filtered = query.status !== undefined || query.q !== undefined;

  const address = useFilterAddress(addressOf(query));
  const show = (next: AdminOrdersQuery) => address.show(addressOf(next));

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadOrdersCsv(query);
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The orders could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  const total = orders.data?.total;
  return (
    <section aria-labelledby="manage-orders">
      <h2 id="manage-orders" className="text-xl font-semibold">
        <Trans>Manage Orders</Trans>
      </h2>
      <OrderFilters key={address.formKey} filter={query} onChange={(filter) => show({ ...query, ...filter, page: 1 })} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="min-h-6 text-sm text-base-content/80" aria-live="polite" data-testid="orders-total">
          {total === undefined ? '' : <Plural value={total} one="# order" other="# orders" />}
        </p>
        <a
          href={ordersCsvPath(query)}
          className="btn btn-sm btn-outline"
          aria-disabled={exporting}
          onClick={(event) => {
            event.preventDefault();
            if (!exporting) void exportCsv();
          }}
        >
          {exporting ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
        </a>
      </div>
      {orders.isPending ? (
        <Spinner label={t`Loading the orders`} />
      ) : orders.isError ? (
        <LoadError what={t`the orders`} onRetry={() => orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        filtered ? (
          <div
            className="mt-4 rounded-box border border-dashed border-base-300 px-6 py-10 text-center"
            data-testid="orders-empty"
          >
            <p>
              <Trans>No orders match this search.</Trans>
            </p>
            <Link to={PAGE_PATH} className="btn btn-primary btn-sm mt-4">
              <Trans>Show all orders</Trans>
            </Link>
          </div>
        ) : (
          <p className="mt-4 text-base-content/80">
            <Trans>No orders have been placed yet.</Trans>
          </p>
        )
      ) : (
        <div aria-busy={orders.isPlaceholderData}>
          <OrderList
            orders={orders.data.items}
            showCustomer
            statusHeading={t`Status`}
            status={(order) => <Status order={order} />}
            delivery={(order) => <DeliveryAddress order={order} editable />}
            actionHeading={t`Action`}
            action={(order) => <AdminOrderActions order={order} viewAt={`${PAGE_PATH}/${order.number}`} />}
            tableFrom="md"
            pageOf={(order) => `${PAGE_PATH}/${order.number}`}
          />
        </div>
      )}
      {orders.data ? (
        <PageButtons
          label={t`Order pages`}
          page={query.page}
          pageSize={query.pageSize}
          total={orders.data.total}
          go={(page) => {
            show({ ...query, page });
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </section>
  );
}
