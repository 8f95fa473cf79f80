import type { Database, Transaction } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import type { Cart, CartItemInput, CartLine } from '#shared/cart.ts';
import {
  CART_MESSAGES,
  cartLineLimit,
  cartQuantityRefusal,
  clampCartQuantity,
  mergeCartQuantities,
  soldOutForCart,
} from '#shared/cart-rules.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import { quantityProblem } from '#shared/order.ts';
import type { ProductRow } from '../products/stock.ts';
import { clearCart, listCartLines, lockCartOwner, type StoredCartLine } from './cart-lines.ts';
import { deleteCartLine, findProducts, upsertCartLine } from './repository.ts';

/** What the customer must know about a line now (R-CART): gone, sold out, too many for the stock, a new price. */
function lineProblems(product: ProductRow, quantity: number, seenPriceCents: number): CartLine['problems'] {
  const problems: CartLine['problems'] = [];
  if (soldOutForCart(product)) problems.push({ code: 'sold_out', message: CART_MESSAGES.soldOut(product.name) });
  else if (quantity > product.availableQuantity)
    problems.push({ code: 'not_enough_stock', message: CART_MESSAGES.notEnoughStock(product.name, cartLineLimit(product)) });
  else {
    const outOfRange = quantityProblem(quantity, product);
    if (outOfRange) problems.push({ code: 'out_of_range', message: outOfRange });
  }
  if (seenPriceCents !== product.priceCents)
    problems.push({
      code: 'price_changed',
      message: CART_MESSAGES.priceChanged(product.name, centsToDollars(seenPriceCents), centsToDollars(product.priceCents)),
    });
  return problems;
}

/** A line in the API's shape, read from the product as it is now, never from what a client sent. */
function describeLine({ product, quantity, seenPriceCents }: StoredCartLine): CartLine {
  return {
    productId: product.id,
    name: product.name,
    picture: product.picture,
    quantity,
    unitPrice: centsToDollars(product.priceCents),
    seenPrice: centsToDollars(seenPriceCents),
    price: centsToDollars(product.priceCents * quantity),
    minQuantity: product.minQuantity,
    maxQuantity: product.maxQuantity,
    availableQuantity: product.availableQuantity,
    problems: lineProblems(product, quantity, seenPriceCents),
  };
}

/** A line that cannot be ordered as it stands is shown, but not counted in the total. */
const countsInTotal = (line: CartLine) => line.problems.every((problem) => problem.code === 'price_changed');

function describeCart(lines: StoredCartLine[], notices: string[] = []): Cart {
  const items = lines.map(describeLine);
  const totalCents = items.filter(countsInTotal).reduce((sum, line) => sum + dollarsToCents(line.price), 0);
  return { items, price: centsToDollars(totalCents), notices };
}

export async function readCart(db: Database, userId: string): Promise<Cart> {
  return describeCart(await listCartLines(db, userId));
}

/** A visitor's cart (kept in their browser) as the shop sees it now; products no longer sold are left out. */
export async function previewCart(db: Database, items: CartItemInput[]): Promise<Cart> {
  const found = new Map(
    (
      await findProducts(
        db,
        items.map((item) => item.productId),
      )
    ).map((row) => [row.id, row]),
  );
  const lines = items.flatMap((item) => {
    const product = found.get(item.productId);
    if (!product) return [];
    return [
      { product, quantity: item.quantity, seenPriceCents: dollarsToCents(item.seenPrice ?? centsToDollars(product.priceCents)) },
    ];
  });
  return describeCart(lines, lines.length < items.length ? [CART_MESSAGES.mergedGone] : []);
}

/** One change of one customer's cart: their turn, the change, and the cart as it is afterwards. */
async function changeCart(db: Database, userId: string, change: (tx: Transaction) => Promise<string[] | undefined>) {
  return db.transaction(async (tx) => {
    await lockCartOwner(tx, userId);
    const notices = (await change(tx)) ?? [];
    return describeCart(await listCartLines(tx, userId), notices);
  });
}

/** A quantity set by the customer must be one they could order now (R-CART, R-PURCHASE); else nothing changes. */
function checkedQuantity(product: ProductRow, quantity: number): number {
  const refusal = cartQuantityRefusal(quantity, product);
  if (refusal?.reason === 'range') throw badRequest(`${product.name}: ${refusal.message}`, { quantity: refusal.message });
  if (refusal) throw conflict(refusal.message);
  return quantity;
}

async function productsById(tx: Transaction, ids: string[]): Promise<Map<string, ProductRow>> {
  const rows = await findProducts(tx, ids);
  const found = new Map(rows.map((row) => [row.id, row]));
  if (found.size < ids.length) throw notFound(CART_MESSAGES.productNotFound);
  return found;
}

/**
 * PUT /api/cart/items/{id} and PUT /api/cart: each line set to exactly what was asked, all or nothing.
 * `replace` empties the cart first (the whole cart was sent).
 */
export function setCartLines(db: Database, userId: string, items: CartItemInput[], replace: boolean): Promise<Cart> {
  return changeCart(db, userId, async (tx) => {
    const found = await productsById(
      tx,
      items.map((item) => item.productId),
    );
    const kept = new Map((await listCartLines(tx, userId)).map((line) => [line.product.id, line.seenPriceCents]));
    if (replace) await clearCart(tx, userId);
    for (const item of items) {
      const product = found.get(item.productId) as ProductRow;
      await upsertCartLine(tx, {
        userId,
        productId: product.id,
        quantity: checkedQuantity(product, item.quantity),
        // The price seen when the line was first added stays, so a change since can still be told.
        seenPriceCents: kept.get(product.id) ?? product.priceCents,
      });
    }
    return undefined;
  });
}

export function removeCartLine(db: Database, userId: string, productId: string): Promise<Cart> {
  return changeCart(db, userId, async (tx) => {
    if (!(await deleteCartLine(tx, userId, productId))) throw notFound(CART_MESSAGES.notInCart);
    return undefined;
  });
}

/**
 * Adds lines to the customer's cart: "Add to cart", and a visitor's cart at sign-in (R-CART). A product
 * already there gets the sum, clamped to its maximum and stock; a sold-out or deleted one is left out.
 * Each such adjustment comes back as a notice, so the page can say so; `merging` also tells of summed lines.
 */
export function addToCart(db: Database, userId: string, items: CartItemInput[], merging: boolean): Promise<Cart> {
  return changeCart(db, userId, async (tx) => {
    const found = new Map(
      (
        await findProducts(
          tx,
          items.map((item) => item.productId),
        )
      ).map((row) => [row.id, row]),
    );
    const kept = new Map((await listCartLines(tx, userId)).map((line) => [line.product.id, line]));
    const notices: string[] = [];
    for (const item of items) {
      const product = found.get(item.productId);
      if (!product) {
        notices.push(CART_MESSAGES.mergedGone);
        continue;
      }
      const existing = kept.get(product.id);
      const wanted = (existing?.quantity ?? 0) + item.quantity;
      const quantity = existing
        ? mergeCartQuantities(existing.quantity, item.quantity, product)
        : clampCartQuantity(item.quantity, product);
      if (quantity === undefined) {
        notices.push(CART_MESSAGES.mergedSoldOut(product.name));
        continue;
      }
      if (quantity < wanted) notices.push(CART_MESSAGES.mergedClamped(product.name, quantity));
      else if (existing && merging) notices.push(CART_MESSAGES.mergedSum(product.name));
      const seenPriceCents =
        existing?.seenPriceCents ?? (item.seenPrice === undefined ? product.priceCents : dollarsToCents(item.seenPrice));
      await upsertCartLine(tx, { userId, productId: product.id, quantity, seenPriceCents });
    }
    return notices;
  });
}
