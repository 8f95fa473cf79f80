import type { Transaction } from '#server/db/client.ts';
import type { FailureReason } from '#shared/consignment-status.ts';
import type { HubId } from '#shared/hubs.ts';
import { approvedMerchantOf } from '../merchants/ledger.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import type { ConsignmentRow } from './consignment-row.ts';

/**
 * A merchant's parcel that moved tells the merchant's endpoints (R-WEBHOOKS), in the move's
 * transaction. The booking is not told: its answer carries the parcel, and a bulk booking of
 * thousands would flood the merchant's endpoint with what it just sent (decision 70).
 */
export async function queueStatusChanged(
  tx: Transaction,
  before: ConsignmentRow,
  moved: ConsignmentRow,
  move: { reason?: FailureReason; hub?: HubId },
): Promise<void> {
  const merchantId = await approvedMerchantOf(tx, moved.userId);
  if (!merchantId) return;
  await queueWebhookEvent(tx, {
    merchantId,
    type: 'consignment.status_changed',
    orderingKey: moved.id,
    data: {
      trackingCode: moved.trackingCode,
      merchantInvoice: moved.merchantInvoice,
      status: moved.status,
      previousStatus: before.status,
      reason: move.reason ?? null,
      hub: move.hub ?? null,
      at: moved.statusChangedAt.toISOString(),
      test: moved.test,
    },
  });
}
