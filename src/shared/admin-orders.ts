import { z } from 'zod';
import { orNothing, readAddress, wholeNumber } from './address-query.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * Manage Orders' pages and search box (R-ORDERS-ADMIN); the page bound keeps OFFSET small. Kept here,
 * not in LIMITS, which the home page loads: only the admin pages and the server need them.
 */
export const ADMIN_ORDERS_LIMITS = { pageSize: 20, pageSizeMax: 100, pageMax: 10_000, searchMaxLength: 100 } as const;

/** Which orders Manage Orders and its CSV show (R-ORDERS-ADMIN): one status, and a number or an email. */
export const adminOrdersFilterSchema = z.object({
  status: z
    .enum(['', ...ORDER_STATUSES], {
      error: englishText(/*i18n*/ 'status must be one of {values}', { values: ORDER_STATUSES.join(', ') }),
    })
    .optional()
    .transform((value): OrderStatus | undefined => value || undefined),
  q: textField('q')
    .max(
      ADMIN_ORDERS_LIMITS.searchMaxLength,
      englishText(/*i18n*/ 'q must be at most {searchMaxLength} characters', {
        searchMaxLength: ADMIN_ORDERS_LIMITS.searchMaxLength,
      }),
    )
    .transform(orNothing((text) => text.trim() || undefined))
    .optional(),
});
export type AdminOrdersFilter = z.output<typeof adminOrdersFilterSchema>;

/** GET /api/admin/orders and the Manage Orders page's address. */
export const adminOrdersQuerySchema = adminOrdersFilterSchema.extend({
  page: wholeNumber('page', ADMIN_ORDERS_LIMITS.pageMax, 1),
  pageSize: wholeNumber('pageSize', ADMIN_ORDERS_LIMITS.pageSizeMax, ADMIN_ORDERS_LIMITS.pageSize),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** The query as address parameters in a fixed order, defaults left out: one search, one address, one cached answer. */
export function adminOrdersSearch(query: Partial<AdminOrdersQuery>): string {
  const parameters = new URLSearchParams();
  if (query.status) parameters.set('status', query.status);
  if (query.q) parameters.set('q', query.q);
  if (query.page && query.page !== 1) parameters.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== ADMIN_ORDERS_LIMITS.pageSize) parameters.set('pageSize', String(query.pageSize));
  return parameters.toString();
}

/** What the Manage Orders address asks for; a wrong parameter is dropped (the API refuses it with a 400). */
export function readAdminOrdersAddress(parameters: URLSearchParams): AdminOrdersQuery {
  return readAddress(adminOrdersQuerySchema, Object.keys(adminOrdersQuerySchema.shape), parameters);
}

/** The largest order number the database's integer column holds. */
const NUMBER_MAX = 2_147_483_647;

/**
 * R-ORDERS-ADMIN: the search box takes an order number (`SC-100042`, `sc100042` or `100042`: that one
 * order) or any part of a customer's email, whatever its case. A number-like text is looked for as both.
 */
export function orderSearchTerms(q: string): { number?: number; emailPart: string } {
  const digits = /^(?:SC-?)?(\d{1,10})$/i.exec(q)?.[1];
  const number = digits === undefined ? undefined : Number(digits);
  return number !== undefined && number <= NUMBER_MAX ? { number, emailPart: q } : { emailPart: q };
}
