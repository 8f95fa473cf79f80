import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { Overview, Sales } from '#shared/overview.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { formatCount } from '#web/lib/big-numbers.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useOverview } from '../api/use-overview.ts';
import { DailyBars, shortDate } from '../components/DailyBars.tsx';
import { ORDER_STATUS_LABELS } from '../components/OrderProgress.tsx';

const ordersText = (count: number) => `${formatCount(count)} ${count === 1 ? 'order' : 'orders'}`;

function SalesStat({ title, sales }: { title: string; sales: Sales }) {
  return (
    <div className="stat">
      <div className="stat-title text-base-content/80">{title}</div>
      <div className="stat-value text-2xl">{formatPrice(sales.revenue)}</div>
      <div className="stat-desc text-base-content/80">{ordersText(sales.orders)}</div>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-lg font-semibold">
      {children}
    </h3>
  );
}

function DaysTable({ days }: { days: Overview['days'] }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm">The figures of each day as a table</summary>
      <div className="mt-2 max-h-80 overflow-y-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm">
          <caption className="sr-only">Paid orders and revenue per day, last 30 days (UTC)</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Paid orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  <time dateTime={day.date}>{shortDate(day.date)}</time>
                </th>
                <td>{day.orders}</td>
                <td>{formatPrice(day.revenue)}</td>
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
  useDocumentTitle('Overview');
  const overview = useOverview();
  if (overview.isPending) return <Spinner label="Loading the overview" />;
  if (overview.isError) return <LoadError what="the overview" onRetry={() => overview.refetch()} />;
  const { today, last7Days, last30Days, days, statuses, lowStock, lowStockTotal, topProducts } = overview.data;

  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-8">
      <div>
        <h2 id="overview-heading" className="text-xl font-semibold">
          Overview
        </h2>
        <p className="mt-1 text-sm text-base-content/80">
          Sales are paid orders that were not refunded, counted on the day they were paid (UTC).
        </p>
        <div className="stats stats-vertical mt-4 w-full border border-base-300 bg-base-100 sm:stats-horizontal">
          <SalesStat title="Today" sales={today} />
          <SalesStat title="Last 7 days" sales={last7Days} />
          <SalesStat title="Last 30 days" sales={last30Days} />
        </div>
      </div>

      <section aria-labelledby="overview-days">
        <SectionHeading id="overview-days">Last 30 days</SectionHeading>
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <DailyBars title="Revenue per day" days={days} value={(day) => day.revenue} format={formatPrice} />
          <DailyBars title="Paid orders per day" days={days} value={(day) => day.orders} format={ordersText} />
        </div>
        <DaysTable days={days} />
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="overview-statuses">
          <SectionHeading id="overview-statuses">Orders by status</SectionHeading>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {statuses.map(({ status, orders }) => (
              <li key={status}>
                <Link
                  to={`/dashboard/manageOrders?status=${status}`}
                  className="flex min-h-12 flex-col rounded-box border border-base-300 bg-base-100 px-3 py-2 hover:border-primary"
                >
                  <span className="text-sm text-base-content/80">{ORDER_STATUS_LABELS[status]}</span>
                  <span className="text-lg font-semibold">{formatCount(orders)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="overview-top">
          <SectionHeading id="overview-top">Best sellers, last 30 days</SectionHeading>
          {topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-base-content/80">Nothing sold in the last 30 days.</p>
          ) : (
            <div className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
              <table className="table table-sm">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Units</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {topProducts.map((product) => (
                    <tr key={`${product.productId}-${product.name}`}>
                      <th scope="row" className="font-normal break-words">
                        {product.name}
                      </th>
                      <td>{product.units}</td>
                      <td className="whitespace-nowrap">{formatPrice(product.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="overview-low-stock">
        <SectionHeading id="overview-low-stock">Low stock</SectionHeading>
        <p className="mt-1 text-sm text-base-content/80">
          {lowStockTotal === 0
            ? 'Every product has more in stock than its minimum order.'
            : `${lowStockTotal} ${lowStockTotal === 1 ? 'product has' : 'products have'} no more in stock than the minimum order${lowStockTotal > lowStock.length ? `; the ${lowStock.length} emptiest:` : ':'}`}
        </p>
        {lowStock.length > 0 ? (
          <div className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Minimum order</th>
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
                    <td>{product.availableQuantity}</td>
                    <td>{product.minQuantity}</td>
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
