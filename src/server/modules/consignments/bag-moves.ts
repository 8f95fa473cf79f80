/**
 * Public to the bags module (docs/architecture.md, decision 172): a bag's parcels checked and moved by the
 * same code as a hub's scan (R-SCANS), in the bag's transaction, so each gets its event, its sender's mail,
 * its endpoints' webhook and its place in Operations' counts.
 */
import { asc, inArray } from 'drizzle-orm';
import type { PublicReads } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import { type ConsignmentStatus, parcelMoveProblem } from '#shared/consignment-status.ts';
import { TRACKING_MESSAGES } from '#shared/tracking.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { applyMove, lockConsignment, type Move } from './moves.ts';
import { parcelNotices } from './notifications.ts';
import { type MoveContext, moveContext } from './parcel-moved.ts';

export type { MoveContext } from './parcel-moved.ts';
export { trackingChanged } from './parcel-moved.ts';

/** The shop's rules and notices for a bag's moves: those of the hubs' scans. */
export function bagMoveContext(db: Database, publicReads: PublicReads, config: Config, translators: Translators): MoveContext {
  return moveContext(db, publicReads, config, parcelNotices(config, translators));
}

/** The parcel with this code, locked until the transaction ends; a sandbox parcel is never staff's (R-SANDBOX). */
export async function lockParcel(tx: Transaction, trackingCode: string): Promise<ConsignmentRow> {
  const row = await lockConsignment(tx, trackingCode);
  if (row.test) throw notFound(TRACKING_MESSAGES.notFound);
  return row;
}

/** A bag's parcels, locked in the order of their ids, as every bag's dispatch and arrival lock them. */
export async function lockParcelsById(tx: Transaction, ids: readonly string[]): Promise<ConsignmentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(consignments)
    .where(inArray(consignments.id, [...ids]))
    .orderBy(asc(consignments.id))
    .for('update');
}

/** Why the parcel could not be moved to `to` now, by the one table of moves; undefined when it could. */
export const parcelCannotMove = (context: MoveContext, row: ConsignmentRow, to: ConsignmentStatus): string | undefined =>
  parcelMoveProblem(
    { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom },
    to,
    context.rules.maxAttempts,
  );

/** Moves a locked parcel in the caller's transaction, as a scan would (a refusal is a 409 before anything is written). */
export const moveLockedParcel = (context: MoveContext, tx: Transaction, row: ConsignmentRow, move: Move) =>
  applyMove(context.db, tx, row, move, context.rules);
