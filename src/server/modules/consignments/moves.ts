import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { parcelMoves } from '#server/metrics/shop-events.ts';
import { OWN_CARRIER } from '#shared/carriers.ts';
import {
  type ConsignmentStatus,
  type FailureReason,
  HUB_STATUSES,
  PARCEL_STATUS_MESSAGES,
  parcelMoveProblem,
  stateAfter,
} from '#shared/consignment-status.ts';
import type { HubId } from '#shared/hubs.ts';
import { TRACKING_MESSAGES } from '#shared/tracking.ts';
import { postParcelToLedger } from '../merchants/ledger.ts';
import { OrderMoves } from '../orders/lifecycle.ts';
import { orderStatusChanged } from '../orders/mails.ts';
import { shopClock } from '../rates/working-days.ts';
import { confirmationOnMove } from '../recipient-confirmations/service.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { giveToRider, takesOverParcel } from './rider-takeover.ts';
import { queueStatusChanged } from './status-webhook.ts';

export type ConsignmentEventRow = typeof consignmentEvents.$inferSelect;

/** A parcel's move as staff, a rider or its sender ask for it. */
export interface Move {
  to: ConsignmentStatus;
  reason?: FailureReason;
  hub?: HubId;
  note?: string;
  /** Who asks; null for the system. */
  actorId: string | null;
  /** Out for delivery: the rider who takes it. */
  riderId?: string;
  /** Delivered, or partly: the cash collected, in poisha, and what was handed over. */
  codCollected?: number;
  deliveryNote?: string;
  /** Delivered on a photo rather than the code: who took it, and the private photo's name. */
  receivedBy?: string;
  handoverPhoto?: string;
}

/** What a move tells its parcel's people (notifications.ts), in the move's transaction. */
export type MoveNotice = (
  tx: Transaction,
  moved: ConsignmentRow,
  facts: { deliveryCode?: string; reason?: FailureReason },
) => Promise<void>;

/**
 * The rules a move is made under: the table's attempts, the shop's day (a delivery code ends with it),
 * what a merchant's return costs (issue 30), who is told.
 */
export interface MoveRules {
  maxAttempts: number;
  timeZone: string;
  returnChargePercent: number;
  notify?: MoveNotice;
}

export const MOVE_MONEY_MESSAGES = {
  feeNotPaid: /*i18n*/ 'The fee of this parcel is not paid yet: it cannot be picked up.',
} as const;

/**
 * The money a move waits for (issue 39, R-FEE-BEFORE-PICKUP, decision 0103): a parcel whose fee is to
 * be paid by card is not picked up until it is paid, so no unpaid parcel is ever carried, delivered or
 * paid out. The one place this rule lives: issue 41 may take merchants' fees from their ledger instead.
 */
export function moneyMoveProblem(
  row: Pick<ConsignmentRow, 'feePayment' | 'feePaidAt'>,
  to: ConsignmentStatus,
): string | undefined {
  if (to === 'picked_up' && row.feePayment === 'card' && row.feePaidAt === null) return MOVE_MONEY_MESSAGES.feeNotPaid;
  return undefined;
}

/** The booking's own event, written in the booking's transaction (R-PARCEL-STATUS). */
export async function recordBooked(tx: Transaction, row: ConsignmentRow): Promise<void> {
  await tx.insert(consignmentEvents).values({ consignmentId: row.id, status: 'booked', actorId: row.userId });
}

/** A failed delivery says why; a parcel at or leaving a hub says which (400, whatever the parcel). */
export function assertMoveComplete(move: Pick<Move, 'to' | 'reason' | 'hub'>): void {
  if (move.to === 'delivery_failed' && !move.reason)
    throw badRequest(PARCEL_STATUS_MESSAGES.reasonNeeded, { reason: PARCEL_STATUS_MESSAGES.reasonNeeded });
  if (HUB_STATUSES.includes(move.to) && !move.hub)
    throw badRequest(PARCEL_STATUS_MESSAGES.hubNeeded, { hub: PARCEL_STATUS_MESSAGES.hubNeeded });
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The first moment of the shop's next day: every time zone's days begin on a quarter of a UTC hour. */
export function endOfShopDay(now: Date, timeZone: string): Date {
  const today = shopClock(now, timeZone).day;
  let moment = (Math.floor(now.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
  while (shopClock(new Date(moment), timeZone).day === today) moment += QUARTER_HOUR_MS;
  return new Date(moment);
}

/** A delivery code is kept hashed with its parcel's id: read from the database, it opens nothing. */
export const deliveryCodeHash = (consignmentId: string, code: string) =>
  createHash('sha256').update(`${consignmentId}:${code}`).digest('hex');

export function sameDeliveryCode(row: ConsignmentRow, typed: string): boolean {
  if (!row.deliveryCodeHash) return false;
  const expected = Buffer.from(row.deliveryCodeHash, 'hex');
  const given = Buffer.from(deliveryCodeHash(row.id, typed), 'hex');
  return timingSafeEqual(expected, given);
}

/** The parcel with this code, locked until the transaction ends. */
export async function lockConsignment(tx: Transaction, trackingCode: string): Promise<ConsignmentRow> {
  const [row] = await tx.select().from(consignments).where(eq(consignments.trackingCode, trackingCode)).for('update').limit(1);
  if (!row) throw notFound(TRACKING_MESSAGES.notFound);
  return row;
}

/**
 * Moves a locked parcel as the table allows, in the caller's transaction: a refused move is a 409
 * saying why. Out for delivery is on a rider's run (issue 39 item 5): it needs the rider, or, back from
 * a hold, keeps the one it had. Going out makes the recipient a new delivery code, valid until the shop's
 * day ends; back from a hold the code it has stands while its day lasts (no new notices), and a new one
 * replaces it once that day is over, since the recipient could not give the rider the old one.
 */
export async function applyMove(
  db: Database,
  tx: Transaction,
  row: ConsignmentRow,
  move: Move,
  rules: MoveRules,
  now = new Date(),
): Promise<ConsignmentRow> {
  const state = { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom };
  // A sandbox parcel's fee is never taken (R-SANDBOX), so it never waits for one.
  const problem = parcelMoveProblem(state, move.to, rules.maxAttempts) ?? (row.test ? undefined : moneyMoveProblem(row, move.to));
  if (problem) throw conflict(problem);
  // A parcel its recipient did not order is held before pickup; a pickup closes its link (R-CONFIRM-BEFORE-PICKUP).
  await confirmationOnMove(tx, row, move.to);
  const next = stateAfter(state, move.to);
  const goesOut = move.to === 'out_for_delivery';
  const riderId = goesOut ? (move.riderId ?? (row.status === 'on_hold' ? row.riderId : null)) : undefined;
  // A sandbox parcel goes out with no rider: none carries it (R-SANDBOX).
  if (riderId === null && !row.test)
    throw badRequest(PARCEL_STATUS_MESSAGES.riderNeeded, { rider: PARCEL_STATUS_MESSAGES.riderNeeded });
  const codeStands = row.status === 'on_hold' && row.deliveryCodeExpiresAt !== null && row.deliveryCodeExpiresAt > now;
  const deliveryCode = goesOut && !codeStands ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
  const [moved] = await tx
    .update(consignments)
    .set({
      status: next.status,
      deliveryAttempts: next.attempts,
      heldFrom: next.heldFrom,
      hub: move.hub ?? row.hub,
      statusChangedAt: sql`now()`,
      ...(riderId ? { riderId } : {}),
      ...(deliveryCode
        ? {
            deliveryCodeHash: deliveryCodeHash(row.id, deliveryCode),
            deliveryCodeTries: 0,
            deliveryCodeExpiresAt: endOfShopDay(now, rules.timeZone),
          }
        : {}),
      ...(move.codCollected !== undefined ? { codCollected: move.codCollected, deliveryCodeHash: null } : {}),
      ...(move.deliveryNote !== undefined ? { deliveryNote: move.deliveryNote } : {}),
      ...(move.receivedBy !== undefined ? { receivedBy: move.receivedBy } : {}),
      ...(move.handoverPhoto !== undefined ? { handoverPhoto: move.handoverPhoto } : {}),
    })
    .where(eq(consignments.id, row.id))
    .returning();
  if (!moved) throw new Error('a locked consignment was not updated');
  await tx.insert(consignmentEvents).values({
    consignmentId: row.id,
    status: move.to,
    // Operations counts failed attempts by their events' reasons: a sandbox failure is none (R-SANDBOX).
    reason: row.test ? null : (move.reason ?? null),
    hub: move.hub ?? null,
    actorId: move.actorId,
    note: move.note ?? null,
  });
  // A sandbox parcel's move tells the merchant's endpoints and nothing else (R-SANDBOX, decision 155): no
  // order, ledger line, text message or count of the network's moves.
  if (moved.test) {
    await queueStatusChanged(tx, row, moved, move);
    return moved;
  }
  // A shop order shipped through the network is delivered with its parcel, in the same transaction.
  if (moved.status === 'delivered' && moved.orderId)
    await new OrderMoves(tx).move(
      { id: moved.orderId },
      { to: 'delivered', actor: OWN_CARRIER, mail: (order) => orderStatusChanged(order, 'delivered') },
    );
  // A merchant's delivered cash, fees and returns go to its ledger with the move (issue 30).
  await postParcelToLedger(tx, moved, rules.returnChargePercent);
  // And its endpoints are told, in order, once the move commits (R-WEBHOOKS).
  await queueStatusChanged(tx, row, moved, move);
  await rules.notify?.(tx, moved, { deliveryCode, reason: move.reason });
  await reachRacePoint(db, 'consignment moved');
  // Counted once the move is whole but before its transaction commits: a rollback after this is counted too (decision 0090).
  parcelMoves.tell({ to: moved.status });
  return moved;
}

/**
 * Moves one parcel (R-PARCEL-STATUS) in one transaction: the row is locked, so concurrent moves of one
 * parcel take turns and each sees the status the one before left; a move the table does not allow is a
 * 409 saying why, and changes nothing. The event, and what its people are told, are written with it.
 */
export async function moveConsignment(db: Database, trackingCode: string, move: Move, rules: MoveRules): Promise<ConsignmentRow> {
  assertMoveComplete(move);
  return db.transaction(async (tx) => {
    const row = await lockConsignment(tx, trackingCode);
    // Staff and riders never meet a sandbox parcel (R-SANDBOX): only its sender's cancel moves it here;
    // the sandbox's own advance moves it (sandbox.ts).
    if (row.test && move.to !== 'cancelled') throw notFound(TRACKING_MESSAGES.notFound);
    return takesOverParcel(row, move) ? giveToRider(db, tx, row, move) : applyMove(db, tx, row, move, rules);
  });
}

/**
 * A parcel's events, oldest first. None is older than its booking, so the months before it are not read:
 * the events are partitioned by month (decision 0129), and without the bound every month's index is probed.
 */
export async function eventsOf(db: Database, parcel: { id: string; createdAt: Date }): Promise<ConsignmentEventRow[]> {
  return eventsStatement(db).execute({ id: parcel.id, since: parcel.createdAt });
}

const eventsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(consignmentEvents)
    .where(
      and(eq(consignmentEvents.consignmentId, sql.placeholder('id')), gte(consignmentEvents.createdAt, sql.placeholder('since'))),
    )
    .orderBy(asc(consignmentEvents.id))
    .prepare('parcel_events'),
);
