import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminOrdersFilter, type AdminOrdersQuery, adminOrdersSearch } from '#shared/admin-orders.ts';
import type { AdminOrdersPage } from '#shared/order.ts';
import { apiRequest, apiResponse } from '#web/lib/api-client.ts';
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

/**
 * Saves the CSV: the API wants the bearer token, which a plain link cannot send, so the file is fetched
 * and handed to the browser's download under the name the server gave it.
 */
export async function downloadOrdersCsv(filter: AdminOrdersFilter): Promise<void> {
  const response = await apiResponse(ordersCsvPath(filter));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the file over; the browser may let the memory go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
