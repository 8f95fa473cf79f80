import { eq } from 'drizzle-orm';
import { consignments } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { HUB_STATUSES, nextStatusOnTheWay } from '#shared/consignment-status.ts';
import { SANDBOX_MESSAGES, type SandboxAdvance } from '#shared/sandbox.ts';
import { TRACKING_MESSAGES } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { applyMove } from './moves.ts';
import { type MoveContext, trackingChanged } from './parcel-moved.ts';

/** The hub a test parcel is said to pass: the central one, as no hub ever sees it. */
const SANDBOX_HUB = 'dhaka';

/**
 * Moves a merchant's test parcel one step (R-SANDBOX, decision 155), in one transaction, along the one
 * table of moves: to its next status on the way, or to the one asked for when the table allows it from
 * where the parcel is (409 saying why otherwise). `applyMove` makes the move as any other, so the event,
 * the parcel's history and the signed webhook are the real ones; for a test parcel it writes nothing else
 * (no ledger line, text message, rider or count). Another merchant's parcel, or a live one, is 404.
 */
export async function advanceTestParcel(
  context: MoveContext,
  caller: { userId: string },
  trackingCode: string,
  asked: SandboxAdvance,
): Promise<ConsignmentRow> {
  const code = readTrackingCode(trackingCode);
  if (!code) throw notFound(TRACKING_MESSAGES.notFound);
  const moved = await context.db.transaction(async (tx) => {
    const [row] = await tx.select().from(consignments).where(eq(consignments.trackingCode, code)).for('update').limit(1);
    if (!row || row.userId !== caller.userId || !row.test) throw notFound(TRACKING_MESSAGES.notFound);
    const state = { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom };
    const to = asked.to ?? nextStatusOnTheWay(state, context.rules.maxAttempts);
    if (!to) throw conflict(SANDBOX_MESSAGES.atTheEnd(row.status));
    return applyMove(
      context.db,
      tx,
      row,
      {
        to,
        actorId: null,
        hub: HUB_STATUSES.includes(to) ? SANDBOX_HUB : undefined,
        reason: to === 'delivery_failed' ? (asked.reason ?? 'unreachable') : undefined,
      },
      context.rules,
    );
  });
  trackingChanged(context.publicReads, moved.trackingCode);
  return moved;
}
