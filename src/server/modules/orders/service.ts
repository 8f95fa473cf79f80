import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isMissingReference } from '#server/db/constraint-errors.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '#server/http/errors.ts';
import { sameEmail } from '#shared/auth.ts';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { type NewOrder, type Order, quantityProblem } from '#shared/order.ts';
import { type CancelledBy, type OrderStatus, transitionProblem } from '#shared/order-status.ts';
import { orderCancelled, orderReceived, queueMail } from '../mail/outbox.ts';
import { findProduct, releaseStock, reserveStock } from '../products/repository.ts';
import { PRODUCT_NOT_FOUND } from '../products/service.ts';
import { toOrder, withTimelines } from './mapping.ts';
import {
  type CancelScope,
  cancelUnpaidOrdersOfUser,
  eraseCustomerFromOrdersOfUser,
  findOrder,
  insertOrder,
  insertOrderEvent,
  listAllOrders,
  listEventsOfOrders,
  listOrdersOfUser,
  listUnpaidOrderIdsOfUser,
  listUnpaidOrdersPlacedBefore,
  lockOrdersOfUser,
  moveOrder,
  type OrderChanges,
  type OrderRow,
  unpaidHoldings,
} from './repository.ts';

export const ORDER_NOT_FOUND = 'Order not found: it may have been cancelled.';
export const ACCOUNT_GONE = 'Your account no longer exists.';
export const PAID_ORDER_KEPT = 'This order is paid, so it can no longer be cancelled.';

export function stockShortMessage(available: number): string {
  return available === 0 ? 'Sold out: none of this product is left in stock.' : `Only ${available} left in stock.`;
}

/** Why a reservation was refused, told the way the purchase page words it. */
async function refusal(tx: Transaction, { productId, quantity }: NewOrder): Promise<Error> {
  const product = await findProduct(tx, productId);
  if (!product) return notFound(PRODUCT_NOT_FOUND);
  const problem = quantityProblem(quantity, product);
  if (problem) return badRequest(problem, { quantity: problem });
  if (product.priceCents * quantity > LIMITS.priceMaxCents) {
    const message = `An order may total at most $${formatDollars(LIMITS.priceMaxCents / 100)}: please order fewer.`;
    return badRequest(message, { quantity: message });
  }
  return conflict(stockShortMessage(product.availableQuantity));
}

/** What one customer may hold unpaid at once (R-HOLD). */
export interface HoldLimits {
  maxUnpaidOrders: number;
}

/**
 * Buy Now: reserves the stock and records the unpaid order in one transaction. Name, picture and
 * price come from the product, email and name from the signed-in user, whatever the client sent.
 * R-HOLD: one customer's orders take turns, so the unpaid-order limits count every committed order.
 */
export async function placeOrder(db: Database, viewer: Viewer, input: NewOrder, limits: HoldLimits): Promise<Order> {
  return db.transaction(async (tx) => {
    await lockOrdersOfUser(tx, viewer.userId);
    const held = await unpaidHoldings(tx, viewer.userId, input.productId);
    if (held.orders >= limits.maxUnpaidOrders) throw conflict(MESSAGES.tooManyUnpaidOrders(limits.maxUnpaidOrders));
    const product = await reserveStock(tx, input.productId, input.quantity);
    if (!product) throw await refusal(tx, input);
    if (held.quantityOfProduct + input.quantity > product.maxQuantity) {
      throw conflict(MESSAGES.unpaidQuantityTooHigh(held.quantityOfProduct, product.maxQuantity));
    }
    const row = await insertOrder(tx, {
      productId: product.id,
      userId: viewer.userId,
      name: product.name,
      picture: product.picture,
      quantity: input.quantity,
      unitPriceCents: product.priceCents,
      priceCents: product.priceCents * input.quantity,
      email: viewer.email,
      userName: viewer.name,
    }).catch((error: unknown) => {
      // R-ACCOUNT-DELETE: the account was deleted while this order waited for its turn; nothing is reserved.
      throw isMissingReference(error) ? unauthorized(ACCOUNT_GONE) : error;
    });
    await queueMail(tx, orderReceived(row));
    await reachRacePoint(db, 'order placed');
    return toOrder(row);
  });
}

/** Orders as the API shows them, each with its timeline (R-ORDER-TIMELINE). */
export async function presentOrders(db: Database | Transaction, rows: OrderRow[]): Promise<Order[]> {
  return withTimelines(
    rows,
    await listEventsOfOrders(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** One order as the API shows it, with its timeline. */
export async function presentOrder(db: Database | Transaction, row: OrderRow): Promise<Order> {
  const [order] = await presentOrders(db, [row]);
  if (!order) throw new Error(`order ${row.id} could not be presented`);
  return order;
}

/** My Orders: a user's own orders only, newest first, cancelled ones too. */
export async function listOrdersFor(db: Database, viewer: Viewer, email: string): Promise<Order[]> {
  if (!sameEmail(viewer.email, email)) throw forbidden('You can only see your own orders.');
  return presentOrders(db, await listOrdersOfUser(db, viewer.userId));
}

export async function listEveryOrder(db: Database): Promise<Order[]> {
  return presentOrders(db, await listAllOrders(db));
}

/** Stops the card payment of an order about to be cancelled; refuses (409) if it already went through. */
export type ReleasePayment = (orderId: string) => Promise<void>;

/** Why this order cannot be cancelled (by this viewer, when given), or undefined when it can. */
async function cancelProblem(db: Database | Transaction, id: string, viewer?: Viewer): Promise<Error | undefined> {
  const order = await findOrder(db, id);
  if (!order) return notFound(ORDER_NOT_FOUND);
  if (viewer && order.userId !== viewer.userId) return forbidden('You can only cancel your own orders.');
  if (order.paid) return conflict(PAID_ORDER_KEPT);
  const problem = transitionProblem(order.status, 'cancelled');
  return problem ? conflict(problem) : undefined;
}

/** Who made a change, as the timeline shows it (R-ORDER-TIMELINE). */
export const ACTORS = { expiry: 'unpaid-order expiry', payment: 'card processor' } as const;

/** One step of an order's life: the move, in the caller's transaction, with its timeline line. */
export async function changeStatus(
  tx: Transaction,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  how: { actor: string; note?: string; changes?: OrderChanges; scope?: CancelScope },
): Promise<OrderRow | undefined> {
  const row = await moveOrder(tx, id, [from], to, how.changes, how.scope);
  if (row) await insertOrderEvent(tx, { orderId: id, actor: how.actor, fromStatus: from, toStatus: to, note: how.note ?? '' });
  return row;
}

/**
 * Cancels an unpaid order: first its card payment is stopped, so nobody pays for a cancelled order;
 * then, in one transaction, the order becomes cancelled (only while still unpaid, and within `scope`),
 * its stock is given back and the change joins its timeline. The order stays, visible as cancelled.
 */
async function cancel(
  db: Database,
  releasePayment: ReleasePayment,
  id: string,
  by: { viewer?: Viewer; actor: string; scope?: Pick<CancelScope, 'placedBefore'> },
): Promise<Order> {
  const { viewer, scope = {} } = by;
  const problem = await cancelProblem(db, id, viewer);
  if (problem) throw problem;
  await releasePayment(id);
  const cancelledBy: CancelledBy = scope.placedBefore ? 'expiry' : viewer ? 'customer' : 'shop';
  return db.transaction(async (tx) => {
    const cancelled = await changeStatus(tx, id, 'unpaid', 'cancelled', {
      actor: by.actor,
      changes: { cancelledBy },
      scope: { ...scope, userId: viewer?.userId },
    });
    if (!cancelled) throw (await cancelProblem(tx, id, viewer)) ?? conflict(PAID_ORDER_KEPT);
    if (cancelled.productId) await releaseStock(tx, cancelled.productId, cancelled.quantity);
    await queueMail(tx, orderCancelled(cancelled, cancelledBy));
    await reachRacePoint(db, 'order cancelled');
    return presentOrder(tx, cancelled);
  });
}

/** My Orders' cancel: the owner's own unpaid order. */
export function cancelOwnOrder(db: Database, releasePayment: ReleasePayment, viewer: Viewer, id: string): Promise<Order> {
  return cancel(db, releasePayment, id, { viewer, actor: viewer.email });
}

/** Manage Orders' cancel: any unpaid order (admin). */
export function cancelAnyOrder(db: Database, releasePayment: ReleasePayment, admin: Viewer, id: string): Promise<Order> {
  return cancel(db, releasePayment, id, { actor: admin.email });
}

/** How many expired orders one sweep handles; the next sweep takes the rest. */
const EXPIRY_BATCH = 100;

/**
 * R-HOLD: unpaid orders placed before `placedBefore` are cancelled as a customer's cancel is: their
 * payment stopped first, then each order cancelled with its stock back in one transaction. An order whose
 * card payment is in flight cannot be stopped (409) and is skipped until the processor settles it. An order paid
 * meanwhile stays (the payment wins: docs/decisions/0014); one already cancelled is skipped; one whose
 * payment could not be stopped (the processor unreachable) waits for the next sweep.
 */
export async function expireUnpaidOrders(
  db: Database,
  releasePayment: ReleasePayment,
  placedBefore: Date,
): Promise<{ expired: Order[]; failures: unknown[] }> {
  const expired: Order[] = [];
  const failures: unknown[] = [];
  for (const { id } of await listUnpaidOrdersPlacedBefore(db, placedBefore, EXPIRY_BATCH)) {
    try {
      expired.push(await cancel(db, releasePayment, id, { actor: ACTORS.expiry, scope: { placedBefore } }));
    } catch (error) {
      if (!(error instanceof HttpError)) failures.push(error);
    }
  }
  return { expired, failures };
}

/**
 * R-ACCOUNT-DELETE, before the transaction: stops the card payments of a leaving customer's unpaid
 * orders, as a cancel does. One that went through meanwhile is recorded paid, and that order is kept.
 */
export async function stopPaymentsOfCustomer(db: Database, releasePayment: ReleasePayment, userId: string): Promise<void> {
  for (const { id } of await listUnpaidOrderIdsOfUser(db, userId)) {
    await releasePayment(id).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
    });
  }
}

/**
 * R-ACCOUNT-DELETE, in the deleting transaction: the customer's unpaid orders are cancelled by the shop
 * with their stock back, after any order they are placing right now (their orders take turns, R-HOLD).
 */
export async function cancelUnpaidOrdersOfCustomer(tx: Transaction, userId: string): Promise<Order[]> {
  await lockOrdersOfUser(tx, userId);
  const cancelled = await cancelUnpaidOrdersOfUser(tx, userId);
  for (const order of cancelled) {
    await insertOrderEvent(tx, {
      orderId: order.id,
      actor: 'account deletion',
      fromStatus: 'unpaid',
      toStatus: 'cancelled',
      note: 'The customer’s account was deleted.',
    });
    if (order.productId) await releaseStock(tx, order.productId, order.quantity);
  }
  return cancelled.map((row) => toOrder(row));
}

/**
 * R-ACCOUNT-DELETE, in the deleting transaction, after the unpaid orders went: the paid orders stay for
 * the shop's books, but no longer say whose they were.
 */
export async function forgetCustomerOnPaidOrders(tx: Transaction, userId: string): Promise<void> {
  await eraseCustomerFromOrdersOfUser(tx, userId);
}
