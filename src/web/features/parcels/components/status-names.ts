import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConsignmentStatus, FailureReason } from '#shared/consignment-status.ts';
import type { HubList } from '#shared/parcel-lists.ts';
import type { ReturnRequestKind, ReturnRequestStatus } from '#shared/return-request.ts';
import type { DeliveryOutcome } from '#shared/tracking.ts';

/** Where a parcel stands, as a badge or a heading shows it (R-PARCEL-STATUS). */
export const PARCEL_STATUS_NAMES: Record<ConsignmentStatus, MessageDescriptor> = {
  booked: msg`Booked`,
  picked_up: msg`Picked up`,
  at_hub: msg`At a hub`,
  in_transit: msg`In transit`,
  at_delivery_hub: msg`At the delivery hub`,
  out_for_delivery: msg`Out for delivery`,
  delivered: msg`Delivered`,
  partially_delivered: msg`Partly delivered`,
  delivery_failed: msg`Delivery failed`,
  returning: msg`Returning to sender`,
  returned: msg`Returned to sender`,
  on_hold: msg`On hold`,
  cancelled: msg`Cancelled`,
};

/** Why a delivery failed, as the scan screen offers it. */
export const FAILURE_REASON_NAMES: Record<FailureReason, MessageDescriptor> = {
  unreachable: msg`Recipient unreachable`,
  refused: msg`Refused by the recipient`,
  wrong_address: msg`Wrong address`,
  rescheduled: msg`Rescheduled by the recipient`,
  closed: msg`Closed`,
  other: msg`Another reason`,
};

/** A badge's colour by how the parcel is doing. */
export function statusTone(status: ConsignmentStatus): string {
  if (status === 'delivered') return 'badge-success';
  if (status === 'delivery_failed' || status === 'on_hold' || status === 'partially_delivered') return 'badge-warning';
  if (status === 'cancelled' || status === 'returned' || status === 'returning') return 'badge-ghost';
  return 'badge-info';
}

/** What a return request asks (R-RETURN-REQUESTS). */
export const RETURN_KIND_NAMES: Record<ReturnRequestKind, MessageDescriptor> = {
  return: msg`Return: bring the item back to me`,
  exchange: msg`Exchange: deliver a new item, bring the old one back`,
};

/** Where a return request stands. */
export const RETURN_STATUS_NAMES: Record<ReturnRequestStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  picked_up: msg`Collected from the recipient`,
  at_hub: msg`At the hub`,
  returned_to_merchant: msg`Returned to the merchant`,
  cancelled: msg`Cancelled`,
  failed: msg`Failed`,
};

/** A hub's own lists (R-HUB-LISTS), as their tabs and the Parcels page name them. */
export const HUB_LIST_NAMES: Record<HubList, MessageDescriptor> = {
  inbound: msg`Inbound`,
  on_hand: msg`On hand`,
  outbound: msg`Outbound`,
};

/** A rider's outcome for a parcel of their run, as its choice and what the phone keeps show it. */
export const OUTCOME_NAMES: Record<DeliveryOutcome<undefined>['outcome'], string> = {
  delivered: /*i18n*/ 'Delivered',
  partial: /*i18n*/ 'Partly delivered',
  failed: /*i18n*/ 'Not delivered',
};
