import type { PublicReads } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { trackingPath } from '#shared/consignment.ts';
import { inEveryLanguage, LOCALES } from '#shared/locale.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { type Move, type MoveNotice, type MoveRules, moveConsignment } from './moves.ts';

export interface MoveContext {
  db: Database;
  publicReads: PublicReads;
  rules: MoveRules;
}

/** The shop's rules for moving parcels: its settings, and its texts to their people. */
export function moveContext(db: Database, publicReads: PublicReads, config: Config, notify: MoveNotice): MoveContext {
  return {
    db,
    publicReads,
    rules: {
      maxAttempts: config.maxDeliveryAttempts,
      timeZone: config.timeZone,
      returnChargePercent: config.returnChargePercent,
      notify,
    },
  };
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
