import { eq } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { orders, user } from '#server/db/schema.ts';
import type { FailureReason } from '#shared/consignment-status.ts';
import { namedPlace } from '../areas/places.ts';
import { PARCEL_MAIL_STEPS, type ParcelMailStep, queueMail } from '../mail/outbox.ts';
import type { ConsignmentRow } from './consignment-row.ts';

const isMailStep = (status: string): status is ParcelMailStep => (PARCEL_MAIL_STEPS as readonly string[]).includes(status);
/** The steps a shop order's buyer is mailed about: the order's own mails tell them it shipped and arrived. */
const RECIPIENT_STEPS: readonly ParcelMailStep[] = ['out_for_delivery', 'delivery_failed'];

async function accountOf(tx: Transaction, userId: string | null): Promise<{ name: string; email: string } | undefined> {
  if (!userId) return undefined;
  const [account] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return account;
}

/** The buyer of the shop order a parcel carries: the parcel's recipient, with an address we know. */
async function buyerOf(tx: Transaction, orderId: string | null) {
  if (!orderId) return undefined;
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return accountOf(tx, order?.userId ?? null);
}

/**
 * R-PARCEL-MAILS, in the move's transaction: the sender is mailed at each step of PARCEL_MAIL_STEPS
 * (not for the shop's own orders, which the shop ships itself); a shop order's buyer, the recipient,
 * when it goes out with the code to give the rider, and when a delivery failed. Each in its reader's
 * language (the outbox reads their account's).
 */
export async function mailParcelStep(
  tx: Transaction,
  row: ConsignmentRow,
  facts: { deliveryCode?: string; reason?: FailureReason },
): Promise<void> {
  const step = row.status;
  if (!isMailStep(step)) return;
  // Out for delivery is told with its new code: back from a hold on the code's day, nothing new is out (issue 39 item 5).
  if (step === 'out_for_delivery' && !facts.deliveryCode) return;
  const { district } = namedPlace(row.recipientAreaId);
  const parcel = {
    trackingCode: row.trackingCode,
    step,
    recipientName: row.recipientName,
    district: { name: district.name, nameBn: district.nameBn },
    codAmount: row.codAmount,
    codCollected: row.codCollected ?? undefined,
    reason: facts.reason,
  };
  const sender = row.feePayment === 'shop' ? undefined : await accountOf(tx, row.userId);
  if (sender)
    await queueMail(tx, {
      kind: 'parcel-step',
      to: sender.email,
      data: { ...parcel, customerName: sender.name, reader: 'sender' },
    });
  const buyer = RECIPIENT_STEPS.includes(step) ? await buyerOf(tx, row.orderId) : undefined;
  if (buyer)
    await queueMail(tx, {
      kind: 'parcel-step',
      to: buyer.email,
      data: { ...parcel, customerName: buyer.name, reader: 'recipient', deliveryCode: facts.deliveryCode },
    });
}
