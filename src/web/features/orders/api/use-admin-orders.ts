import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminOrdersFilter, type AdminOrdersQuery, adminOrdersSearch } from '#shared/admin-orders.ts';
import type { AdminOrdersPage } from '#shared/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/*
 * Apart from use-orders.ts, which My Orders loads too: the address parsing here brings zod along, which
 * only Manage Orders needs. Its key is spelled here, under the orders' key (so every order change
 * refreshes it), rather than in query-keys.ts, which the home page loads and nothing else refreshes it by.
 */

/** Manage Orders: GET /api/admin/orders, one page of the filtered orders (R-ORDERS-ADMIN); the last page stays while the next loads. */
export function useAdminOrders(query: AdminOrdersQuery) {
  const search = adminOrdersSearch(query);
  return useQuery({
    queryKey: [...queryKeys.orders, 'admin', search],
    queryFn: ({ signal }) => apiRequest<AdminOrdersPage>(`/api/admin/orders${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV of the filtered orders is: GET /api/admin/orders.csv. */
export function ordersCsvPath(filter: AdminOrdersFilter): string {
  const search = adminOrdersSearch({ status: filter.status, q: filter.q });
  return `/api/admin/orders.csv${search ? `?${search}` : ''}`;
}

/** Saves the CSV of the filtered orders. */
export function downloadOrdersCsv(filter: AdminOrdersFilter): Promise<void> {
  return downloadFile(ordersCsvPath(filter), 'orders.csv');
}
