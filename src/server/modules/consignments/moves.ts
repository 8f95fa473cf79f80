import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
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
import type { ConsignmentRow } from './consignment-row.ts';

export type ConsignmentEventRow = typeof consignmentEvents.$inferSelect;

/** A parcel's move as staff or its sender ask for it. */
export interface Move {
  to: ConsignmentStatus;
  reason?: FailureReason;
  hub?: HubId;
  note?: string;
  /** Who asks; null for the system. */
  actorId: string | null;
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

/**
 * Moves one parcel (R-PARCEL-STATUS) in one transaction: the row is locked, so concurrent moves of one
 * parcel take turns and each sees the status the one before left; a move the table does not allow is a
 * 409 saying why, and changes nothing. The event is written with the move.
 */
export async function moveConsignment(
  db: Database,
  trackingCode: string,
  move: Move,
  maxAttempts: number,
): Promise<ConsignmentRow> {
  assertMoveComplete(move);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(consignments).where(eq(consignments.trackingCode, trackingCode)).for('update').limit(1);
    if (!row) throw notFound(TRACKING_MESSAGES.notFound);
    const state = { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom };
    const problem = parcelMoveProblem(state, move.to, maxAttempts);
    if (problem) throw conflict(problem);
    const next = stateAfter(state, move.to);
    const [moved] = await tx
      .update(consignments)
      .set({
        status: next.status,
        deliveryAttempts: next.attempts,
        heldFrom: next.heldFrom,
        hub: move.hub ?? row.hub,
        statusChangedAt: sql`now()`,
      })
      .where(eq(consignments.id, row.id))
      .returning();
    await tx.insert(consignmentEvents).values({
      consignmentId: row.id,
      status: move.to,
      reason: move.reason ?? null,
      hub: move.hub ?? null,
      actorId: move.actorId,
      note: move.note ?? null,
    });
    await reachRacePoint(db, 'consignment moved');
    if (!moved) throw new Error('a locked consignment was not updated');
    return moved;
  });
}

/** A parcel's events, oldest first. */
export async function eventsOf(db: Database, consignmentId: string): Promise<ConsignmentEventRow[]> {
  return db
    .select()
    .from(consignmentEvents)
    .where(eq(consignmentEvents.consignmentId, consignmentId))
    .orderBy(asc(consignmentEvents.id));
}
