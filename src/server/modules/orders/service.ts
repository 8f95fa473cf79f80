import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isMissingReference } from '#server/db/constraint-errors.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '#server/http/errors.ts';
import type { AdminOrdersQuery } from '#shared/admin-orders.ts';
import { sameEmail } from '#shared/auth.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { centsToDollars } from '#shared/money.ts';
import { type AdminOrdersPage, type NewOrder, type Order, quantityProblem } from '#shared/order.ts';
import { type CancelledBy, transitionProblem } from '#shared/order-status.ts';
import { profileAddress, saveProfile } from '../customers/service.ts';
import { queueMail } from '../mail/outbox.ts';
import { PRODUCT_NOT_FOUND } from '../products/service.ts';
import { findProduct, type ProductRow, reserveStock } from '../products/stock.ts';
import type { MoveScope, OrderLifecycle, OrderMoves } from './lifecycle.ts';
import { orderCancelled, orderReceived } from './mails.ts';
import { shippingColumns, withTimelinesAndLines } from './mapping.ts';
import { findOrder, type OrderRow } from './order-row.ts';
import {
  eraseCustomerFromOrdersOfUser,
  findOrderByNumber,
  insertOrder,
  insertOrderEvent,
  insertOrderLines,
  listAllOrders,
  listEventsOfOrders,
  listLinesOfOrders,
  listOrdersOfUser,
  listUnpaidOrderIdsOfUser,
  listUnpaidOrdersPlacedBefore,
  lockOrdersOfUser,
  type NewOrderLine,
  pageOfOrders,
  unpaidHoldings,
} from './repository.ts';

export const ORDER_NOT_FOUND = /*i18n*/ 'Order not found: it may have been cancelled.';
export const ACCOUNT_GONE = /*i18n*/ 'Your account no longer exists.';
export const PAID_ORDER_KEPT = /*i18n*/ 'This order is paid, so it can no longer be cancelled.';

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
    const message = MESSAGES.orderTotalTooHigh(centsToDollars(LIMITS.priceMaxCents));
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
 * R-ORDER-ADDRESS: the order keeps a copy of its delivery address; "Save for next time" writes the
 * address and phone to the profile in the same transaction, so a refused order saves nothing.
 */
export async function placeOrder(lifecycle: OrderLifecycle, viewer: Viewer, input: NewOrder, limits: HoldLimits): Promise<Order> {
  return lifecycle.change(async (moves) => {
    const { tx } = moves;
    await lockOrdersOfUser(tx, viewer.userId);
    const held = await unpaidHoldings(tx, viewer.userId, [input.productId]);
    if (held.orders >= limits.maxUnpaidOrders) throw conflict(MESSAGES.tooManyUnpaidOrders(limits.maxUnpaidOrders));
    const product = await reserveStock(tx, input.productId, input.quantity);
    if (!product) throw await refusal(tx, input);
    const alreadyHeld = held.quantityOf(product.id);
    if (alreadyHeld + input.quantity > product.maxQuantity) {
      throw conflict(MESSAGES.unpaidQuantityTooHigh(alreadyHeld, product.maxQuantity));
    }
    moves.stockChanged([product.id]);
    return recordOrder(lifecycle.db, tx, viewer, input, [orderLine(product, input.quantity)]);
  });
}

/** A line as the order keeps it: the product's name, picture and price now. */
export function orderLine(
  product: Pick<ProductRow, 'id' | 'name' | 'picture' | 'priceCents'>,
  quantity: number,
): NewOrderLine & { productId: string } {
  return {
    productId: product.id,
    name: product.name,
    picture: product.picture,
    quantity,
    unitPriceCents: product.priceCents,
    priceCents: product.priceCents * quantity,
  };
}

/** How Buy Now and checkout take the delivery address (R-ORDER-ADDRESS). */
export type DeliveryChoice = Pick<NewOrder, 'shippingAddress' | 'saveAddressToProfile'>;

/**
 * In the placing transaction, after the stock of every line was reserved: the unpaid order, its lines, the
 * delivery address (kept in the profile when asked), the order-received mail. The order's own product
 * columns describe all its lines as the fields of R-API do (R-CHECKOUT, decision 0037): the first line's product and
 * picture, a name that says how many more lines follow, every line's units and the total.
 */
export async function recordOrder(
  db: Database,
  tx: Transaction,
  viewer: Viewer,
  delivery: DeliveryChoice,
  lines: [NewOrderLine, ...NewOrderLine[]],
): Promise<Order> {
  const [first] = lines;
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const priceCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
  const shipping = delivery.shippingAddress ?? (await profileAddress(tx, viewer));
  const row = await insertOrder(tx, {
    ...shippingColumns(shipping),
    productId: first.productId,
    userId: viewer.userId,
    name: CHECKOUT_MESSAGES.orderName(first.name, lines.length - 1),
    picture: first.picture,
    quantity,
    unitPriceCents: lines.length === 1 ? first.unitPriceCents : Math.round(priceCents / quantity),
    priceCents,
    email: viewer.email,
    userName: viewer.name,
  }).catch((error: unknown) => {
    // R-ACCOUNT-DELETE: the account was deleted while this order waited for its turn; nothing is reserved.
    throw isMissingReference(error) ? unauthorized(ACCOUNT_GONE) : error;
  });
  await insertOrderLines(tx, row.id, lines);
  if (delivery.saveAddressToProfile && delivery.shippingAddress) {
    const { address, phone } = delivery.shippingAddress;
    await saveProfile(tx, viewer.userId, { address, phoneNumber: phone });
  }
  await queueMail(tx, orderReceived(row));
  await reachRacePoint(db, 'order placed');
  return presentOrder(tx, row);
}

/** Orders as the API shows them, each with its timeline (R-ORDER-TIMELINE) and its lines (R-CHECKOUT). */
export async function presentOrders(db: Database | Transaction, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const [events, lines] = [await listEventsOfOrders(db, ids), await listLinesOfOrders(db, ids)];
  return withTimelinesAndLines(rows, events, lines);
}

/** One order as the API shows it, with its timeline. */
export async function presentOrder(db: Database | Transaction, row: OrderRow): Promise<Order> {
  const [order] = await presentOrders(db, [row]);
  if (!order) throw new Error(`order ${row.id} could not be presented`);
  return order;
}

/** My Orders: a user's own orders only, newest first, cancelled ones too. */
export async function listOrdersFor(db: Database, viewer: Viewer, email: string): Promise<Order[]> {
  if (!sameEmail(viewer.email, email)) throw forbidden(/*i18n*/ 'You can only see your own orders.');
  return presentOrders(db, await listOrdersOfUser(db, viewer.userId));
}

/**
 * The order page (issue 26): the customer's own order by its number, any order for an admin. Another
 * customer's order answers 404 like one that does not exist, so numbers cannot be probed.
 */
export async function readOrderByNumber(
  db: Database,
  viewer: Viewer,
  number: number,
  isAdmin: (userId: string) => Promise<boolean>,
): Promise<Order> {
  const row = await findOrderByNumber(db, number);
  if (!row || (row.userId !== viewer.userId && !(await isAdmin(viewer.userId)))) throw notFound(ORDER_NOT_FOUND);
  return presentOrder(db, row);
}

export async function listEveryOrder(db: Database): Promise<Order[]> {
  return presentOrders(db, await listAllOrders(db));
}

/** Manage Orders (R-ORDERS-ADMIN): one page of the filtered orders, newest first, each with its timeline. */
export async function listOrdersForAdmin(db: Database, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const { page, pageSize } = query;
  const { rows, total } = await pageOfOrders(db, query, { limit: pageSize, offset: (page - 1) * pageSize });
  return { items: await presentOrders(db, rows), total, page, pageSize };
}

/** Stops the card payment of an order about to be cancelled; refuses (409) if it already went through. */
export type ReleasePayment = (orderId: string) => Promise<void>;

/** Why this order cannot be cancelled (by this viewer, when given), or undefined when it can. */
async function cancelProblem(db: Database | Transaction, id: string, viewer?: Viewer): Promise<Error | undefined> {
  const order = await findOrder(db, id);
  if (!order) return notFound(ORDER_NOT_FOUND);
  if (viewer && order.userId !== viewer.userId) return forbidden(/*i18n*/ 'You can only cancel your own orders.');
  if (order.paid) return conflict(PAID_ORDER_KEPT);
  const problem = transitionProblem(order.status, 'cancelled');
  return problem ? conflict(problem) : undefined;
}

/**
 * R-ORDER-TIMELINE, in the caller's transaction: a line on the order's timeline that leaves its status as it
 * is (a delivery address given, a late payment refunded); status changes write theirs in `OrderMoves.move`.
 */
export async function addTimelineNote(
  tx: Transaction,
  order: Pick<OrderRow, 'id' | 'status'>,
  actor: string,
  note: string,
): Promise<void> {
  await insertOrderEvent(tx, { orderId: order.id, actor, fromStatus: order.status, toStatus: order.status, note });
}

/** Who made a change, as the timeline shows it (R-ORDER-TIMELINE). */
export const ACTORS = { expiry: 'unpaid-order expiry', payment: 'card processor', deletion: 'account deletion' } as const;

/**
 * Cancels an unpaid order: first its card payment is stopped, so nobody pays for a cancelled order;
 * then, in one transaction, the order becomes cancelled (only while still unpaid, and within `scope`),
 * its stock is given back and the change joins its timeline. The order stays, visible as cancelled.
 */
async function cancel(
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  id: string,
  by: { viewer?: Viewer; actor: string; scope?: Pick<MoveScope, 'placedBefore'> },
): Promise<Order> {
  const { viewer, scope = {} } = by;
  const { db } = lifecycle;
  const problem = await cancelProblem(db, id, viewer);
  if (problem) throw problem;
  await releasePayment(id);
  const cancelledBy: CancelledBy = scope.placedBefore ? 'expiry' : viewer ? 'customer' : 'shop';
  return lifecycle.change(async (moves) => {
    const [cancelled] = await moves.move(
      { id },
      {
        to: 'cancelled',
        actor: by.actor,
        changes: { cancelledBy },
        scope: { ...scope, userId: viewer?.userId },
        mail: (order) => orderCancelled(order, cancelledBy),
      },
    );
    if (!cancelled) throw (await cancelProblem(moves.tx, id, viewer)) ?? conflict(PAID_ORDER_KEPT);
    await reachRacePoint(db, 'order cancelled');
    return presentOrder(moves.tx, cancelled.order);
  });
}

/** My Orders' cancel: the owner's own unpaid order. */
export function cancelOwnOrder(
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  viewer: Viewer,
  id: string,
): Promise<Order> {
  return cancel(lifecycle, releasePayment, id, { viewer, actor: viewer.email });
}

/** Manage Orders' cancel: any unpaid order (admin). */
export function cancelAnyOrder(
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  admin: Viewer,
  id: string,
): Promise<Order> {
  return cancel(lifecycle, releasePayment, id, { actor: admin.email });
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
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  placedBefore: Date,
): Promise<{ expired: Order[]; failures: unknown[] }> {
  const expired: Order[] = [];
  const failures: unknown[] = [];
  for (const { id } of await listUnpaidOrdersPlacedBefore(lifecycle.db, placedBefore, EXPIRY_BATCH)) {
    try {
      expired.push(await cancel(lifecycle, releasePayment, id, { actor: ACTORS.expiry, scope: { placedBefore } }));
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
export async function cancelUnpaidOrdersOfCustomer(moves: OrderMoves, userId: string): Promise<void> {
  await lockOrdersOfUser(moves.tx, userId);
  await moves.move(
    { userId },
    { to: 'cancelled', actor: ACTORS.deletion, note: 'The customer’s account was deleted.', changes: { cancelledBy: 'shop' } },
  );
}

/**
 * R-ACCOUNT-DELETE, in the deleting transaction, after the unpaid orders went: the paid orders stay for
 * the shop's books, but no longer say whose they were.
 */
export async function forgetCustomerOnPaidOrders(tx: Transaction, userId: string): Promise<void> {
  await eraseCustomerFromOrdersOfUser(tx, userId);
}
