import type { ConsignmentStatus, FailureReason } from './consignment-status.ts';
import { englishText } from './translate.ts';

/** Why a delivery failed, as the recipient reads it (R-TRACKING); a rider's own note is never shown. */
export const FAILURE_REASON_WORDS: Record<FailureReason, string> = {
  unreachable: /*i18n*/ 'the recipient could not be reached',
  refused: /*i18n*/ 'the recipient refused it',
  wrong_address: /*i18n*/ 'the address could not be found',
  rescheduled: /*i18n*/ 'the recipient asked for another day',
  closed: /*i18n*/ 'the place was closed',
  other: /*i18n*/ 'another reason',
};

/**
 * What each step of a parcel's trip says on the tracking page and in the API (R-TRACKING), in English;
 * `translated` writes it in the reader's language. `hub` is the hub's name in that language already.
 */
export function parcelEventText(status: ConsignmentStatus, facts: { hub?: string; reason?: FailureReason | null }): string {
  const hub = facts.hub ?? '';
  switch (status) {
    case 'booked':
      return /*i18n*/ 'Booked by the sender.';
    case 'picked_up':
      return /*i18n*/ 'Picked up from the sender.';
    case 'at_hub':
      return englishText(/*i18n*/ 'Arrived at {hub}.', { hub });
    case 'in_transit':
      return englishText(/*i18n*/ 'Left {hub} for the next hub.', { hub });
    case 'at_delivery_hub':
      return englishText(/*i18n*/ 'Arrived at {hub}, the delivery hub.', { hub });
    case 'out_for_delivery':
      return /*i18n*/ 'Out for delivery: a rider is bringing it.';
    case 'delivered':
      return /*i18n*/ 'Delivered.';
    case 'partially_delivered':
      return /*i18n*/ 'Partly delivered: the rest goes back to the sender.';
    case 'delivery_failed':
      return englishText(/*i18n*/ 'Not delivered: {reason}.', {
        reason: FAILURE_REASON_WORDS[facts.reason ?? 'other'],
      });
    case 'returning':
      return /*i18n*/ 'On its way back to the sender.';
    case 'returned':
      return /*i18n*/ 'Returned to the sender.';
    case 'on_hold':
      return /*i18n*/ 'On hold at our hub.';
    case 'cancelled':
      return /*i18n*/ 'Cancelled before pickup.';
  }
}
