import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '#shared/order.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { ProductLabel } from '#web/components/ProductLabel.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useOrder } from '../api/use-orders.ts';
import { DeliveryAddress } from '../components/DeliveryAddress.tsx';
import { CancelledNote, type OrderReader, OrderStepper, OrderTimeline, Tracking } from '../components/OrderProgress.tsx';
import { OrderStatusSummary } from '../components/OrderStatusSummary.tsx';

interface OrderPageProps {
  number: string;
  reader: OrderReader;
  /** Where the list of orders this page came from is. */
  backTo: { path: string; label: string };
  /** What the reader may do to the order: the admin's shipping, refund and cancel (R-ORDERS-ADMIN). */
  actions?: (order: Order) => ReactNode;
}

/**
 * One order on its own page (issue 26): status, delivery progress with tracking, what it holds, where it
 * goes and its timeline from "Placed" on; a customer sees their own orders, an admin any, with actions.
 */
export function OrderPage({ number, reader, backTo, actions }: OrderPageProps) {
  const inPageLanguage = useInPageLanguage();
  const { count, price } = useFormat();
  const { t } = useLingui();
  useDocumentTitle(t`Order ${number}`);
  const order = useOrder(number);

  if (order.isPending) return <Spinner label={t`Loading the order`} />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <div role="alert" className="alert alert-warning alert-soft flex-wrap justify-between">
          <span>{order.error.message}</span>
          <Link to={backTo.path} className="btn btn-sm">
            {inPageLanguage(backTo.label)}
          </Link>
        </div>
      );
    }
    return <LoadError what={t`the order`} onRetry={() => order.refetch()} />;
  }

  const shown = order.data;
  return (
    <article aria-labelledby="order-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={backTo.path} className="link text-sm">
          ← {inPageLanguage(backTo.label)}
        </Link>
      </div>
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="order-heading" className="text-xl font-semibold">
          <Trans>
            Order <span className="font-mono">{shown.number}</span>
          </Trans>
        </h2>
        <OrderStatusSummary order={shown} />
        <CancelledNote order={shown} reader={reader} />
      </header>
      <div className="flex flex-col gap-2">
        <OrderStepper order={shown} />
        <Tracking order={shown} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="order-lines-heading" className="flex flex-col gap-2">
          <h3 id="order-lines-heading" className="font-semibold">
            <Trans>What it holds</Trans>
          </h3>
          <ul className="flex flex-col gap-2">
            {shown.lines.map((line, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product's line has no id, and lines never move within an order.
              <li key={position} className="flex flex-wrap items-center justify-between gap-2">
                <ProductLabel name={line.name} picture={line.picture} />
                <span className="text-sm">
                  {count(line.quantity)} × {price(line.unitPrice)} = <span className="font-semibold">{price(line.price)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="text-right">
            <Trans>
              Total <span className="font-semibold">{price(shown.price)}</span>
            </Trans>
          </p>
          {reader === 'admin' ? <p className="break-all text-sm">{shown.email}</p> : null}
          {shown.transactionId ? (
            <p className="break-all text-xs">
              <Trans>
                Transaction id: <span className="font-mono">{shown.transactionId}</span>
              </Trans>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="order-delivery-heading" className="flex flex-col gap-2">
          <h3 id="order-delivery-heading" className="font-semibold">
            <Trans>Deliver to</Trans>
          </h3>
          <DeliveryAddress order={shown} editable={reader === 'admin'} />
        </section>
      </div>
      {actions ? <section aria-label={t`Change this order`}>{actions(shown)}</section> : null}
      <section aria-labelledby="order-timeline-heading" className="flex flex-col gap-2">
        <h3 id="order-timeline-heading" className="font-semibold">
          <Trans>Timeline</Trans>
        </h3>
        <OrderTimeline order={shown} reader={reader} />
      </section>
    </article>
  );
}
