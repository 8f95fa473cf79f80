import type { PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { trackingPath } from '#shared/consignment.ts';
import { inEveryLanguage, LOCALES } from '#shared/locale.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { type Move, type MoveRules, moveConsignment } from './moves.ts';

export interface MoveContext {
  db: Database;
  publicReads: PublicReads;
  rules: MoveRules;
}

/** Once a move is committed: its parcel's kept tracking and tracking pages go, here and on the other instances. */
export function trackingChanged(publicReads: PublicReads, trackingCode: string): void {
  publicReads.parcelMoved(trackingCode, LOCALES, inEveryLanguage(trackingPath(trackingCode)));
}

/** Moves a parcel (R-PARCEL-STATUS), then drops what showed where it was. */
export async function moveParcel(context: MoveContext, trackingCode: string, move: Move): Promise<ConsignmentRow> {
  const moved = await moveConsignment(context.db, trackingCode, move, context.rules);
  trackingChanged(context.publicReads, moved.trackingCode);
  return moved;
}
