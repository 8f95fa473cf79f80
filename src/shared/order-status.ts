import { englishText } from './translate.ts';

/**
 * R-ORDER-STATUS: where an order stands, and which moves the server allows. One definition, read by the
 * routes that change an order, by the database schema, and by the pages that offer the actions.
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who cancelled an unpaid order: its customer, the shop's admin, or the unpaid-order expiry (R-HOLD). */
export const CANCELLED_BY = ['customer', 'shop', 'expiry'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** Every allowed move: the payment makes an order paid; the admin ships, delivers and refunds; anyone allowed cancels unpaid. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['paid', 'cancelled'],
  paid: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

/** Each status as a word inside a sentence ("This order is already shipped."). */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  unpaid: /*i18n*/ 'unpaid',
  paid: /*i18n*/ 'paid',
  shipped: /*i18n*/ 'shipped',
  delivered: /*i18n*/ 'delivered',
  cancelled: /*i18n*/ 'cancelled',
  refunded: /*i18n*/ 'refunded',
};

const WHY_NOT: Record<OrderStatus, string> = {
  unpaid: /*i18n*/ 'it is not paid yet: only paying or cancelling moves it on',
  paid: /*i18n*/ 'it is paid: it can only be shipped or refunded',
  shipped: /*i18n*/ 'it is shipped: it can only be marked delivered or refunded',
  delivered: /*i18n*/ 'it was delivered: its status no longer changes',
  cancelled: /*i18n*/ 'it was cancelled: its status no longer changes',
  refunded: /*i18n*/ 'it was refunded: its status no longer changes',
};

/** Why an order in `from` cannot become `to`, in the words of a 409; undefined when the move is allowed. */
export function transitionProblem(from: OrderStatus, to: OrderStatus): string | undefined {
  if (NEXT[from].includes(to)) return undefined;
  if (from === to) return englishText(/*i18n*/ 'This order is already {status}.', { status: STATUS_WORDS[from] });
  return englishText(/*i18n*/ 'This order cannot become {status}: {reason}.', {
    status: STATUS_WORDS[to],
    reason: WHY_NOT[from],
  });
}

/** The statuses an order may reach `to` from: the table read backwards, for the server's one transition function. */
export function statusesLeadingTo(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => NEXT[from].includes(to));
}

/** The statuses an order may move to next: what Manage Orders offers. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** R-ORDER-NUMBER: how an order's number reads, in pages, mails and the admin's search (SC-100042). */
export function formatOrderNumber(number: number): string {
  return `SC-${number}`;
}

/** Statuses reached after money was taken: the order counts as paid in its `paid` field (R-API, R-ORDER-STATUS). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered', 'refunded'];

/** R-ORDER-ADDRESS: an order's delivery address can be given or changed until it ships. */
export const ADDRESS_OPEN_STATUSES: readonly OrderStatus[] = ['unpaid', 'paid'];
