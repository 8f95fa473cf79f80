import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import type { Move } from './moves.ts';

export const TAKEOVER_MESSAGES = {
  sameRider: /*i18n*/ 'This parcel is already out for delivery with this rider.',
} as const;

/** A parcel already out for delivery, sent out for delivery again with a rider named: that rider takes it over. */
export const takesOverParcel = (row: ConsignmentRow, move: Move) =>
  row.status === 'out_for_delivery' && move.to === 'out_for_delivery' && move.riderId !== undefined;

/**
 * Gives a locked parcel that is out for delivery to another rider (issue 39 item 5, decision 111): one
 * whose rider cannot go on, or one sent out with none before a rider was required. It leaves the first
 * rider's run for the other's, and an event says who gave it. It is the same attempt with the same
 * delivery code, which belongs to the recipient, not the rider: no attempt is counted, the status and
 * its time stay, and nobody is told anything new.
 */
export async function giveToRider(db: Database, tx: Transaction, row: ConsignmentRow, move: Move): Promise<ConsignmentRow> {
  if (!move.riderId || row.riderId === move.riderId) throw conflict(TAKEOVER_MESSAGES.sameRider);
  const [given] = await tx.update(consignments).set({ riderId: move.riderId }).where(eq(consignments.id, row.id)).returning();
  if (!given) throw new Error('a locked consignment was not updated');
  await tx.insert(consignmentEvents).values({
    consignmentId: row.id,
    status: 'out_for_delivery',
    actorId: move.actorId,
    note: move.note ?? null,
  });
  await reachRacePoint(db, 'consignment moved');
  return given;
}
