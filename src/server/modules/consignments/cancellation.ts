import type { Viewer } from '#server/auth/plugin.ts';
import { conflict } from '#server/http/errors.ts';
import { parcelMoveProblem } from '#shared/consignment-status.ts';
import { englishText } from '#shared/translate.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { type MoveContext, moveParcel } from './parcel-moved.ts';
import { readOwnConsignment } from './service.ts';

/** Gives back a consignment's card-paid fee through the processor that took it (the payments module's); the refund's id. */
export type RefundFee = (consignmentId: string) => Promise<string>;

/**
 * Cancels a parcel before pickup (R-PARCEL-STATUS), by its sender or staff: a fee paid by card is
 * refunded first (the processor's refund is idempotent, so a retry never refunds twice), then the
 * parcel moves to cancelled, its refund noted on the event. Anyone else's parcel answers 404.
 */
export async function cancelConsignment(
  context: MoveContext,
  viewer: Viewer,
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
  refundFee: RefundFee,
): Promise<ConsignmentRow> {
  const row = await readOwnConsignment(context.db, viewer, trackingCode, isStaff);
  const problem = parcelMoveProblem(
    { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom },
    'cancelled',
    0,
  );
  if (problem) throw conflict(problem);
  const refundId = row.feePayment === 'card' && row.feePaidAt ? await refundFee(row.id) : undefined;
  return moveParcel(context, row.trackingCode, {
    to: 'cancelled',
    actorId: viewer.userId,
    note: refundId ? englishText(/*i18n*/ 'Fee refunded ({refund}).', { refund: refundId }) : undefined,
  });
}
