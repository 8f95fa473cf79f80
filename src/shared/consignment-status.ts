import { englishText } from './translate.ts';

/**
 * R-PARCEL-STATUS: where a parcel stands, and the one table of the moves the server allows. Read by the
 * database schema, the service that moves parcels, the scan screen and the tracking page.
 */
export const CONSIGNMENT_STATUSES = [
  'booked',
  'picked_up',
  'at_hub',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
  'delivered',
  'partially_delivered',
  'delivery_failed',
  'returning',
  'returned',
  'on_hold',
  'cancelled',
] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];

/** Why a delivery attempt failed, as the rider records it. */
export const FAILURE_REASONS = ['unreachable', 'refused', 'wrong_address', 'rescheduled', 'closed', 'other'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Statuses of a parcel on its way (picked up, not yet at its end): these may be put on hold and back. */
export const MOVING_STATUSES: readonly ConsignmentStatus[] = [
  'picked_up',
  'at_hub',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
  'delivery_failed',
  'returning',
];

/** Statuses in which a parcel waiting too long shows as stuck on Operations (R-OPERATIONS): on its way, or held. */
export const STUCK_STATUSES: readonly ConsignmentStatus[] = [...MOVING_STATUSES, 'on_hold'];

/** Statuses a parcel never leaves. */
export const FINAL_STATUSES: readonly ConsignmentStatus[] = ['delivered', 'partially_delivered', 'returned', 'cancelled'];

/**
 * Every move besides holds (MOVING_STATUSES ⇄ on_hold). A parcel for the hub's own city goes out from
 * the hub that took it in; one for elsewhere travels hub to hub. `delivery_failed → out_for_delivery`
 * is allowed while attempts are left (MAX_DELIVERY_ATTEMPTS); a partial delivery sends the rest back.
 */
const NEXT: Record<ConsignmentStatus, readonly ConsignmentStatus[]> = {
  booked: ['picked_up', 'cancelled'],
  picked_up: ['at_hub'],
  at_hub: ['in_transit', 'at_delivery_hub', 'out_for_delivery', 'returning'],
  in_transit: ['at_hub', 'at_delivery_hub'],
  at_delivery_hub: ['out_for_delivery', 'returning'],
  out_for_delivery: ['delivered', 'partially_delivered', 'delivery_failed'],
  delivery_failed: ['out_for_delivery', 'returning'],
  partially_delivered: [],
  returning: ['returned'],
  returned: [],
  delivered: [],
  on_hold: [],
  cancelled: [],
};

/**
 * What the hubs' scan screen moves parcels to (R-SCANS). A delivery is the rider's, proven by the
 * recipient's code (issue 29); a cancellation is the sender's, before pickup.
 */
export const SCAN_STATUSES = [
  'picked_up',
  'at_hub',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
  'delivery_failed',
  'returning',
  'returned',
  'on_hold',
] as const satisfies readonly ConsignmentStatus[];

/** Statuses that name the hub the parcel is at or leaves from. */
export const HUB_STATUSES: readonly ConsignmentStatus[] = ['at_hub', 'in_transit', 'at_delivery_hub'];

/** Each status as a word inside a sentence ("This parcel is already at a hub."). */
export const PARCEL_STATUS_WORDS: Record<ConsignmentStatus, string> = {
  booked: /*i18n*/ 'booked',
  picked_up: /*i18n*/ 'picked up',
  at_hub: /*i18n*/ 'at a hub',
  in_transit: /*i18n*/ 'in transit',
  at_delivery_hub: /*i18n*/ 'at the delivery hub',
  out_for_delivery: /*i18n*/ 'out for delivery',
  delivered: /*i18n*/ 'delivered',
  partially_delivered: /*i18n*/ 'partly delivered',
  delivery_failed: /*i18n*/ 'not delivered on its last attempt',
  returning: /*i18n*/ 'on its way back to the sender',
  returned: /*i18n*/ 'returned to the sender',
  on_hold: /*i18n*/ 'on hold',
  cancelled: /*i18n*/ 'cancelled',
};

export const PARCEL_STATUS_MESSAGES = {
  already: (status: ConsignmentStatus) =>
    englishText(/*i18n*/ 'This parcel is already {status}.', { status: PARCEL_STATUS_WORDS[status] }),
  cannot: (from: ConsignmentStatus, to: ConsignmentStatus) =>
    englishText(/*i18n*/ 'A parcel that is {from} cannot be marked {to}.', {
      from: PARCEL_STATUS_WORDS[from],
      to: PARCEL_STATUS_WORDS[to],
    }),
  noAttemptsLeft: (attempts: number) =>
    englishText(/*i18n*/ 'Delivery was tried {attempts} times: the parcel goes back to its sender.', { attempts }),
  heldBack: (status: ConsignmentStatus) =>
    englishText(/*i18n*/ 'A parcel on hold goes back to where it was: {status}.', { status: PARCEL_STATUS_WORDS[status] }),
  reasonNeeded: /*i18n*/ 'Say why the delivery failed.',
  hubNeeded: /*i18n*/ 'Say which hub the parcel is at.',
  riderNeeded:
    /*i18n*/ 'Choose the rider who takes the parcels: a parcel out for delivery with no rider is on nobody’s run and cannot be delivered.',
} as const;

export interface ParcelState {
  status: ConsignmentStatus;
  /** Delivery attempts made so far (each `out_for_delivery`). */
  attempts: number;
  /** The status an `on_hold` parcel goes back to. */
  heldFrom: ConsignmentStatus | null;
}

/** Why a parcel in `state` cannot become `to`, in the words of a 409; undefined when the move is allowed. */
export function parcelMoveProblem(state: ParcelState, to: ConsignmentStatus, maxAttempts: number): string | undefined {
  const { status: from } = state;
  if (from === to) return PARCEL_STATUS_MESSAGES.already(from);
  if (to === 'on_hold') return MOVING_STATUSES.includes(from) ? undefined : PARCEL_STATUS_MESSAGES.cannot(from, to);
  if (from === 'on_hold') {
    if (to === state.heldFrom) return undefined;
    return state.heldFrom ? PARCEL_STATUS_MESSAGES.heldBack(state.heldFrom) : PARCEL_STATUS_MESSAGES.cannot(from, to);
  }
  if (!NEXT[from].includes(to)) return PARCEL_STATUS_MESSAGES.cannot(from, to);
  if (from === 'delivery_failed' && to === 'out_for_delivery' && state.attempts >= maxAttempts)
    return PARCEL_STATUS_MESSAGES.noAttemptsLeft(state.attempts);
  return undefined;
}

/** The statuses a parcel in `state` may move to next: what the scan screen and the sender are offered. */
export function nextParcelStatuses(state: ParcelState, maxAttempts: number): ConsignmentStatus[] {
  return CONSIGNMENT_STATUSES.filter((to) => parcelMoveProblem(state, to, maxAttempts) === undefined);
}

/**
 * The next status of a parcel on its way to its recipient (the sandbox's advance, R-SANDBOX): the first
 * move the table allows to a status listed after its own in CONSIGNMENT_STATUSES, never a hold or a
 * cancel; a held parcel goes back to where it was. Undefined once it is at its end.
 */
export function nextStatusOnTheWay(state: ParcelState, maxAttempts: number): ConsignmentStatus | undefined {
  if (state.status === 'on_hold') return state.heldFrom ?? undefined;
  const from = CONSIGNMENT_STATUSES.indexOf(state.status);
  return nextParcelStatuses(state, maxAttempts).find(
    (to) => to !== 'on_hold' && to !== 'cancelled' && CONSIGNMENT_STATUSES.indexOf(to) > from,
  );
}

/** The parcel's state after a move: an attempt counted when it goes out (not back from a hold), the status a hold returns to. */
export function stateAfter(state: ParcelState, to: ConsignmentStatus): ParcelState {
  return {
    status: to,
    attempts: state.attempts + (to === 'out_for_delivery' && state.status !== 'on_hold' ? 1 : 0),
    heldFrom: to === 'on_hold' ? state.status : null,
  };
}
