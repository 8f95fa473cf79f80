import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '#shared/order.ts';
import { ProductLabel } from '#web/components/ProductLabel.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { OrderLines } from './OrderLines.tsx';

/** Literal class names, so Tailwind sees them: below the breakpoint cards, from it on a table. */
const LAYOUTS = {
  sm: { cards: 'sm:hidden', table: 'sm:block' },
  md: { cards: 'md:hidden', table: 'md:block' },
} as const;

interface OrderListProps {
  orders: Order[];
  /** Manage Orders shows whose order it is; My Orders does not need to. */
  showCustomer?: boolean;
  statusHeading: string;
  status: (order: Order) => ReactNode;
  /** Where each order goes (R-ORDER-ADDRESS). */
  delivery: (order: Order) => ReactNode;
  actionHeading: string;
  action: (order: Order) => ReactNode;
  /** The width from which a table fits: the more columns, the wider. */
  tableFrom: keyof typeof LAYOUTS;
  /** The address of each order's own page: its number links there. */
  pageOf: (order: Order) => string;
}

/** My Orders and Manage Orders: one card per order on phones, so no action hides beyond the edge; a table from `tableFrom` on. */
export function OrderList({
  orders,
  showCustomer = false,
  statusHeading,
  status,
  delivery,
  actionHeading,
  action,
  tableFrom,
  pageOf,
}: OrderListProps) {
  const { count, price } = useFormat();
  const layout = LAYOUTS[tableFrom];
  const numberLink = (order: Order) => (
    <Link to={pageOf(order)} className="link link-primary font-mono">
      {order.number}
    </Link>
  );
  return (
    <>
      <ul className={`mt-4 flex flex-col gap-3 ${layout.cards}`}>
        {orders.map((order) => (
          <li key={order._id} className="card border border-base-300 bg-base-100" data-testid="order-card">
            <div className="card-body gap-2 p-4">
              <p className="text-xs">
                <Trans>Order {numberLink(order)}</Trans>
              </p>
              <ProductLabel name={order.name} picture={order.picture} />
              <OrderLines order={order} />
              {showCustomer ? <p className="break-all text-sm">{order.email}</p> : null}
              <p className="text-sm">
                <Trans>
                  Quantity {order.quantity} · <span className="font-semibold">{price(order.price)}</span>
                </Trans>
              </p>
              <div className="flex flex-col gap-1">
                <p className="text-xs font-medium">
                  <Trans>Deliver to</Trans>
                </p>
                {delivery(order)}
              </div>
              <div className="flex items-start justify-between gap-3">
                {status(order)}
                {action(order)}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className={`mt-4 hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 ${layout.table}`}>
        <table className="table table-sm">
          <thead className="text-base-content">
            <tr>
              <th scope="col">
                <Trans>Order</Trans>
              </th>
              {showCustomer ? (
                <th scope="col">
                  <Trans>Customer</Trans>
                </th>
              ) : null}
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col">
                <Trans>Price</Trans>
              </th>
              <th scope="col">
                <Trans>Deliver to</Trans>
              </th>
              <th scope="col">{statusHeading}</th>
              <th scope="col">
                <span className="sr-only">{actionHeading}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id} data-testid="order-row">
                <th scope="row" className="whitespace-nowrap">
                  {numberLink(order)}
                </th>
                {showCustomer ? <td className="break-all">{order.email}</td> : null}
                <td>
                  <ProductLabel name={order.name} picture={order.picture} />
                  <OrderLines order={order} />
                </td>
                <td>{count(order.quantity)}</td>
                <td className="whitespace-nowrap">{price(order.price)}</td>
                <td className="min-w-36">{delivery(order)}</td>
                <td>{status(order)}</td>
                <td>{action(order)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
