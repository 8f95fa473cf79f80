import type { Database } from '#server/db/client.ts';
import { centsToDollars } from '#shared/money.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import { OVERVIEW_DAYS, type Overview, type Sales } from '#shared/overview.ts';
import { bestSellers, countOrdersByStatus, lowStockProducts, salesByDay } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOW_STOCK_SHOWN = 10;
const TOP_PRODUCTS_SHOWN = 5;

/** The UTC midnight `daysBack` days before the day of `now`. */
function startOfDay(now: Date, daysBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);
}

function total(days: Overview['days']): Sales {
  const cents = days.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0);
  return { orders: days.reduce((sum, day) => sum + day.orders, 0), revenue: centsToDollars(cents) };
}

/**
 * R-OVERVIEW: sales today and over the last 7 and 30 UTC days (today included) with the 30 days one by
 * one, orders by status, low stock and best sellers; four aggregate queries, side by side.
 */
export async function shopOverview(db: Database, now: Date): Promise<Overview> {
  const since = startOfDay(now, OVERVIEW_DAYS - 1);
  const [sales, statuses, lowStock, top] = await Promise.all([
    salesByDay(db, since),
    countOrdersByStatus(db),
    lowStockProducts(db, LOW_STOCK_SHOWN),
    bestSellers(db, since, TOP_PRODUCTS_SHOWN),
  ]);
  const byDay = new Map(sales.map((day) => [day.day, day]));
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, index) => {
    const date = startOfDay(now, OVERVIEW_DAYS - 1 - index)
      .toISOString()
      .slice(0, 10);
    const day = byDay.get(date);
    return { date, orders: day?.orders ?? 0, revenue: centsToDollars(day?.revenueCents ?? 0) };
  });
  const counted = new Map(statuses.map((row) => [row.status, row.orders]));
  return {
    today: total(days.slice(-1)),
    last7Days: total(days.slice(-7)),
    last30Days: total(days),
    days,
    statuses: ORDER_STATUSES.map((status) => ({ status, orders: counted.get(status) ?? 0 })),
    lowStock: lowStock.rows.map(({ id, name, availableQuantity, minQuantity }) => ({
      _id: id,
      name,
      availableQuantity,
      minQuantity,
    })),
    lowStockTotal: lowStock.total,
    topProducts: top.map(({ productId, name, units, revenueCents }) => ({
      productId,
      name,
      units,
      revenue: centsToDollars(revenueCents),
    })),
  };
}
