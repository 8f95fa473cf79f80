import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview, Sales } from '#shared/overview.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { WeeklyOutcomes } from '#web/components/WeeklyOutcomes.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useNetworkParcelOutcomes, useOverview } from '../api/use-overview.ts';
import { DailyBars, shortDate } from '../components/DailyBars.tsx';
import { ORDER_STATUS_LABELS } from '../components/OrderProgress.tsx';

/** "1 order", "12 orders", in the page's digits. */
function OrdersCount({ orders }: { orders: number }) {
  return <Plural value={orders} one="# order" other="# orders" />;
}

function SalesStat({ title, sales }: { title: string; sales: Sales }) {
  const { price } = useFormat();
  return (
    <div className="stat">
      <div className="stat-title text-base-content/80">{title}</div>
      <div className="stat-value text-2xl">{price(sales.revenue)}</div>
      <div className="stat-desc text-base-content/80">
        <OrdersCount orders={sales.orders} />
      </div>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-lg font-semibold">
      {children}
    </h3>
  );
}

function DaysTable({ days }: { days: Overview['days'] }) {
  const { count, price } = useFormat();
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm">
        <Trans>The figures of each day as a table</Trans>
      </summary>
      <div className="mt-2 max-h-80 overflow-y-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm">
          <caption className="sr-only">
            <Trans>Paid orders and revenue per day, last 30 days (UTC)</Trans>
          </caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Paid orders</Trans>
              </th>
              <th scope="col">
                <Trans>Revenue</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  <time dateTime={day.date}>{shortDate(day.date)}</time>
                </th>
                <td>{count(day.orders)}</td>
                <td>{price(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * The shop at a glance (R-OVERVIEW): sales today, over 7 and 30 days and day by day, orders by status,
 * products running low and the best sellers. Sales are paid orders not refunded, by the UTC day paid.
 */
export function OverviewPage() {
  const inPageLanguage = useInPageLanguage();
  const { count, price } = useFormat();
  const { t } = useLingui();
  useDocumentTitle(t`Overview`);
  const overview = useOverview();
  const outcomes = useNetworkParcelOutcomes();
  if (overview.isPending) return <Spinner label={t`Loading the overview`} />;
  if (overview.isError) return <LoadError what={t`the overview`} onRetry={() => overview.refetch()} />;
  const { today, last7Days, last30Days, days, statuses, lowStock, lowStockTotal, topProducts } = overview.data;
  const shownLowStock = count(lowStock.length);

  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-8">
      <div>
        <h2 id="overview-heading" className="text-xl font-semibold">
          <Trans>Overview</Trans>
        </h2>
        <p className="mt-1 text-sm text-base-content/80">
          <Trans>Sales are paid orders that were not refunded, counted on the day they were paid (UTC).</Trans>
        </p>
        <div className="stats stats-vertical mt-4 w-full border border-base-300 bg-base-100 sm:stats-horizontal">
          <SalesStat title={t`Today`} sales={today} />
          <SalesStat title={t`Last 7 days`} sales={last7Days} />
          <SalesStat title={t`Last 30 days`} sales={last30Days} />
        </div>
      </div>

      {outcomes.data ? <WeeklyOutcomes outcomes={outcomes.data} headingId="overview-outcomes-heading" /> : null}

      <section aria-labelledby="overview-days">
        <SectionHeading id="overview-days">
          <Trans>Last 30 days</Trans>
        </SectionHeading>
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <DailyBars title={t`Revenue per day`} days={days} value={(day) => day.revenue} format={price} />
          <DailyBars
            title={t`Paid orders per day`}
            days={days}
            value={(day) => day.orders}
            format={(orders) => <OrdersCount orders={orders} />}
          />
        </div>
        <DaysTable days={days} />
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="overview-statuses">
          <SectionHeading id="overview-statuses">
            <Trans>Orders by status</Trans>
          </SectionHeading>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {statuses.map(({ status, orders }) => (
              <li key={status}>
                <Link
                  to={`/dashboard/manageOrders?status=${status}`}
                  className="flex min-h-12 flex-col rounded-box border border-base-300 bg-base-100 px-3 py-2 hover:border-primary"
                >
                  <span className="text-sm text-base-content/80">{inPageLanguage(ORDER_STATUS_LABELS[status])}</span>
                  <span className="text-lg font-semibold">{count(orders)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="overview-top">
          <SectionHeading id="overview-top">
            <Trans>Best sellers, last 30 days</Trans>
          </SectionHeading>
          {topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-base-content/80">
              <Trans>Nothing sold in the last 30 days.</Trans>
            </p>
          ) : (
            <div className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
              <table className="table table-sm">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">
                      <Trans>Product</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Units</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Revenue</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {topProducts.map((product) => (
                    <tr key={`${product.productId}-${product.name}`}>
                      <th scope="row" className="font-normal break-words">
                        {product.name}
                      </th>
                      <td>{count(product.units)}</td>
                      <td className="whitespace-nowrap">{price(product.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="overview-low-stock">
        <SectionHeading id="overview-low-stock">
          <Trans>Low stock</Trans>
        </SectionHeading>
        <p className="mt-1 text-sm text-base-content/80">
          {lowStockTotal === 0 ? (
            <Trans>Every product has more in stock than its minimum order.</Trans>
          ) : lowStockTotal > lowStock.length ? (
            <Plural
              value={lowStockTotal}
              one={`# product has no more in stock than the minimum order; the ${shownLowStock} emptiest:`}
              other={`# products have no more in stock than the minimum order; the ${shownLowStock} emptiest:`}
            />
          ) : (
            <Plural
              value={lowStockTotal}
              one="# product has no more in stock than the minimum order:"
              other="# products have no more in stock than the minimum order:"
            />
          )}
        </p>
        {lowStock.length > 0 ? (
          <div className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">
                    <Trans>Product</Trans>
                  </th>
                  <th scope="col">
                    <Trans>In stock</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Minimum order</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lowStock.map((product) => (
                  <tr key={product._id}>
                    <th scope="row" className="font-normal">
                      <Link to={`/dashboard/manageProducts/${product._id}`} className="link break-words">
                        {product.name}
                      </Link>
                    </th>
                    <td>{count(product.availableQuantity)}</td>
                    <td>{count(product.minQuantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </section>
  );
}
