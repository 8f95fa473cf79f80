import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { orderMoves } from '#server/metrics/shop-events.ts';
import { type OrderStatus, statusesLeadingTo } from '#shared/order-status.ts';
import { type MailEvent, queueMail } from '../mail/outbox.ts';
import { releaseStock } from '../products/stock.ts';
import type { OrderRow } from './order-row.ts';
import { insertOrderEvent, stockOfOrders } from './repository.ts';

/**
 * Public file of the orders module: the one transition function for an order's status (docs/decisions/0045);
 * payments and account deletion move orders through it (docs/decisions/0049).
 */

/** Which orders a move may touch: one order, or every order of one customer; within the scope. */
export type OrderSelection = { id: string } | { userId: string };

/** Only orders that also match this: the customer's own (My Orders), one placed before a moment (expiry). */
export interface MoveScope {
  userId?: string;
  placedBefore?: Date;
}

/** What a move writes on the order besides its status. */
export type OrderChanges = Partial<
  Pick<OrderRow, 'cancelledBy' | 'carrier' | 'trackingNumber' | 'paid' | 'transactionId' | 'payment' | 'paidAt'>
>;

/** One change of status, as the timeline tells it and the customer hears of it. */
export interface OrderMove {
  to: OrderStatus;
  /** Who made it, as the timeline shows (R-ORDER-TIMELINE). */
  actor: string;
  note?: string;
  changes?: OrderChanges;
  scope?: MoveScope;
  /** The mail the move sends, queued in its transaction (R-MAIL-OUTBOX). */
  mail?: (order: OrderRow, from: OrderStatus) => MailEvent;
}

export interface MovedOrder {
  order: OrderRow;
  from: OrderStatus;
}

/** Statuses in which an order's goods are still in the shop: leaving them for cancelled or refunded puts the stock back. */
const GOODS_STILL_HERE: readonly OrderStatus[] = ['unpaid', 'paid'];
const returnsStock = (from: OrderStatus, to: OrderStatus) =>
  (to === 'cancelled' || to === 'refunded') && GOODS_STILL_HERE.includes(from);

/** What a transaction's order changes leave to do once it has committed: the shelves whose stock moved. */
export interface OrderEffects {
  stockChanged: string[];
}

/**
 * The order changes of one transaction (R-ORDER-STATUS). `move` is the one way an order's status changes:
 * it takes the statuses allowed to lead to the new one from the shared table, locks the orders still in
 * one of them, moves them, writes each one's timeline line, puts stock back when goods never left, and
 * queues the mail; what must follow the commit is gathered for `OrderLifecycle.change`.
 */
export class OrderMoves {
  readonly #stockChanged = new Set<string>();

  constructor(readonly tx: Transaction) {}

  /** The orders moved; none when every selected order had already moved on (a racing change won). */
  async move(which: OrderSelection, move: OrderMove): Promise<MovedOrder[]> {
    const { to, scope = {} } = move;
    const locked = await this.tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          'id' in which ? eq(orders.id, which.id) : eq(orders.userId, which.userId),
          inArray(orders.status, statusesLeadingTo(to)),
          scope.userId === undefined ? undefined : eq(orders.userId, scope.userId),
          scope.placedBefore === undefined ? undefined : lt(orders.createdAt, scope.placedBefore),
        ),
      )
      // One order after another in id order, so two moves of many orders never wait for each other in a circle.
      .orderBy(asc(orders.id))
      .for('update');
    if (locked.length === 0) return [];
    const rows = await this.tx
      .update(orders)
      .set({ ...move.changes, status: to })
      .where(
        inArray(
          orders.id,
          locked.map((order) => order.id),
        ),
      )
      .returning();
    const fromOf = new Map(locked.map((order) => [order.id, order.status]));
    const moved = rows.map((order) => ({ order, from: fromOf.get(order.id) as OrderStatus }));
    for (const { order, from } of moved) {
      await insertOrderEvent(this.tx, {
        orderId: order.id,
        actor: move.actor,
        fromStatus: from,
        toStatus: to,
        note: move.note ?? '',
      });
      if (move.mail) await queueMail(this.tx, move.mail(order, from));
      // Counted when made, in the transaction: one that rolls back afterwards is counted too (decision 0090).
      orderMoves.tell({ from, to });
    }
    await this.giveStockBack(moved.filter(({ from }) => returnsStock(from, to)).map(({ order }) => order.id));
    return moved;
  }

  /**
   * Puts every line's quantity of these orders back on sale; a product deleted meanwhile has no stock to
   * return to. Lines come in product id order, the order every transaction touching several products takes.
   */
  private async giveStockBack(orderIds: string[]): Promise<void> {
    for (const line of await stockOfOrders(this.tx, orderIds)) {
      if (!line.productId) continue;
      await releaseStock(this.tx, line.productId, line.quantity);
      this.stockChanged([line.productId]);
    }
  }

  /** Stock of these products was reserved or given back in this transaction: the shelves change once it commits. */
  stockChanged(productIds: readonly string[]): void {
    for (const id of productIds) this.#stockChanged.add(id);
  }

  get effects(): OrderEffects {
    return { stockChanged: [...this.#stockChanged] };
  }
}

/**
 * Runs order changes in one transaction and, once it has committed, carries out what they left to do in
 * the one place that knows how (the app gives it the public reads): no route drops a cached answer by hand.
 */
export class OrderLifecycle {
  constructor(
    readonly db: Database,
    private readonly afterCommit: (effects: OrderEffects) => void,
  ) {}

  async change<T>(work: (moves: OrderMoves) => Promise<T>): Promise<T> {
    let moves: OrderMoves | undefined;
    const result = await this.db.transaction((tx) => {
      moves = new OrderMoves(tx);
      return work(moves);
    });
    if (moves) this.afterCommit(moves.effects);
    return result;
  }
}
