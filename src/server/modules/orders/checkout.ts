import type { Viewer } from '#server/auth/plugin.ts';
import type { Transaction } from '#server/db/client.ts';
import { conflict, HttpError } from '#server/http/errors.ts';
import { CART_MESSAGES, cartQuantityRefusal } from '#shared/cart-rules.ts';
import { CHECKOUT_MESSAGES, type Checkout, type ReviewedLine } from '#shared/checkout.ts';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import type { Order } from '#shared/order.ts';
import { clearCart, listCartLines, lockCartOwner, type StoredCartLine } from '../cart/cart-lines.ts';
import { lockProductsInIdOrder, type ProductRow, reserveStock } from '../products/stock.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { lockOrdersOfUser, type NewOrderLine, unpaidHoldings } from './repository.ts';
import { type HoldLimits, orderLine, recordOrder } from './service.ts';

/** A refused line: 409, the sentence names the product, and `fields` points at its line by product id. */
function refuseLine(productId: string, message: string): HttpError {
  return new HttpError(409, 'conflict', message, { [productId]: message });
}

/** The price the customer agreed to for a line: the one on the review page, else the one seen when adding it. */
function priceProblem(line: StoredCartLine, product: ProductRow, reviewed: ReviewedLine | undefined): string | undefined {
  if (reviewed) {
    const reviewedCents = dollarsToCents(reviewed.unitPrice);
    if (reviewedCents === product.priceCents) return undefined;
    return CHECKOUT_MESSAGES.priceChangedSinceReview(
      product.name,
      centsToDollars(reviewedCents),
      centsToDollars(product.priceCents),
    );
  }
  if (line.seenPriceCents === product.priceCents) return undefined;
  return CART_MESSAGES.priceChanged(product.name, centsToDollars(line.seenPriceCents), centsToDollars(product.priceCents));
}

/**
 * Why one cart line cannot be ordered now, read from its product as locked: outside its range (R-PURCHASE),
 * more than its stock, more than may wait unpaid (R-HOLD), or a price changed since the customer saw it.
 * Every reason names the product (R-CHECKOUT).
 */
function lineProblem(
  line: StoredCartLine,
  product: ProductRow,
  alreadyHeld: number,
  reviewed: ReviewedLine | undefined,
): string | undefined {
  const refusal = cartQuantityRefusal(line.quantity, product);
  if (refusal) return refusal.reason === 'range' ? `${product.name}: ${refusal.message}` : refusal.message;
  if (alreadyHeld + line.quantity > product.maxQuantity) {
    return `${product.name}: ${MESSAGES.unpaidQuantityTooHigh(alreadyHeld, product.maxQuantity)}`;
  }
  return priceProblem(line, product, reviewed);
}

/** The review page's lines still match the cart: the same products in the same quantities. */
function sameAsReviewed(cart: StoredCartLine[], reviewed: ReviewedLine[]): boolean {
  const quantities = new Map(reviewed.map((line) => [line.productId, line.quantity]));
  return cart.length === reviewed.length && cart.every((line) => quantities.get(line.product.id) === line.quantity);
}

/**
 * POST /api/checkout (R-CHECKOUT): the customer's server cart becomes one unpaid order of several lines,
 * all or nothing, in one transaction: their orders and cart take turns (R-HOLD, R-CART); every product is
 * locked in the order of its id, so checkouts of overlapping carts queue instead of deadlocking; each line is
 * checked against its product as locked, its stock reserved, and the cart emptied with the order recorded.
 * A refused line answers 409 naming the product, and nothing changes.
 */
export async function checkOut(lifecycle: OrderLifecycle, viewer: Viewer, input: Checkout, limits: HoldLimits): Promise<Order> {
  return lifecycle.change(async (moves) => {
    const { tx } = moves;
    await lockOrdersOfUser(tx, viewer.userId);
    await lockCartOwner(tx, viewer.userId);
    const cart = await listCartLines(tx, viewer.userId);
    if (cart.length === 0) throw conflict(CHECKOUT_MESSAGES.emptyCart);
    if (input.reviewed && !sameAsReviewed(cart, input.reviewed)) throw conflict(CHECKOUT_MESSAGES.cartChanged);
    const ids = cart.map((line) => line.product.id);
    const held = await unpaidHoldings(tx, viewer.userId, ids);
    if (held.orders >= limits.maxUnpaidOrders) throw conflict(MESSAGES.tooManyUnpaidOrders(limits.maxUnpaidOrders));
    const locked = new Map((await lockProductsInIdOrder(tx, ids)).map((product) => [product.id, product]));
    const reviewed = new Map(input.reviewed?.map((line) => [line.productId, line]));
    const lines = cart.map((line) => {
      const product = locked.get(line.product.id);
      // Deleted since the cart was read: deleting a product takes it out of every cart, but not of this read.
      if (!product) throw refuseLine(line.product.id, CHECKOUT_MESSAGES.deleted(line.product.name));
      const problem = lineProblem(line, product, held.quantityOf(product.id), reviewed.get(product.id));
      if (problem) throw refuseLine(product.id, problem);
      return orderLine(product, line.quantity);
    });
    if (lines.reduce((sum, line) => sum + line.priceCents, 0) > LIMITS.priceMaxCents) {
      throw conflict(MESSAGES.orderTotalTooHigh(centsToDollars(LIMITS.priceMaxCents)));
    }
    await reserveLines(tx, lines);
    moves.stockChanged(ids);
    await clearCart(tx, viewer.userId);
    return recordOrder(lifecycle.db, tx, viewer, input, lines as [NewOrderLine, ...NewOrderLine[]]);
  });
}

/** Takes every line's quantity out of stock; their rows are locked already and were checked, so each holds. */
async function reserveLines(tx: Transaction, lines: (NewOrderLine & { productId: string })[]): Promise<void> {
  for (const line of lines) {
    if (!(await reserveStock(tx, line.productId, line.quantity)))
      throw refuseLine(line.productId, CART_MESSAGES.soldOut(line.name));
  }
}
