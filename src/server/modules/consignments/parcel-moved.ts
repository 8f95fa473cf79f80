import type { PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { trackingPath } from '#shared/consignment.ts';
import { inEveryLanguage, LOCALES } from '#shared/locale.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { type Move, moveConsignment } from './moves.ts';

export interface MoveContext {
  db: Database;
  publicReads: PublicReads;
  maxDeliveryAttempts: number;
}

/** Moves a parcel (R-PARCEL-STATUS) and, once committed, drops what showed where it was: its tracking and its tracking pages. */
export async function moveParcel(context: MoveContext, trackingCode: string, move: Move): Promise<ConsignmentRow> {
  const moved = await moveConsignment(context.db, trackingCode, move, context.maxDeliveryAttempts);
  context.publicReads.parcelMoved(moved.trackingCode, LOCALES, inEveryLanguage(trackingPath(moved.trackingCode)));
  return moved;
}
