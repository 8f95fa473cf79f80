import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments } from '#server/db/schema.ts';
import type { AddressQuality } from '#shared/address-quality.ts';

/**
 * Public file of the consignments module: a consignment as stored, read by its tracking code or id, and
 * its card-paid fee marked paid. Payments check a payment against it before they record it (R-PAYMENT).
 */
export type ConsignmentRow = typeof consignments.$inferSelect;

type Handle = Database | Transaction;

/** The kept address quality as answers carry it (R-ADDRESS-QUALITY): absent for parcels booked before it was kept. */
export const addressQualityOf = (row: { recipientAddressQuality?: AddressQuality | null }) =>
  row.recipientAddressQuality ? { addressQuality: row.recipientAddressQuality } : {};

export async function findConsignment(db: Handle, trackingCode: string): Promise<ConsignmentRow | undefined> {
  const [row] = await db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode)).limit(1);
  return row;
}

export async function findConsignmentById(db: Handle, id: string): Promise<ConsignmentRow | undefined> {
  const [row] = await db.select().from(consignments).where(eq(consignments.id, id)).limit(1);
  return row;
}

/** Marks a card-paid fee paid by this payment; undefined when it was paid already or is not paid by card. */
export async function markFeePaid(tx: Transaction, id: string, transactionId: string): Promise<ConsignmentRow | undefined> {
  const [row] = await tx
    .update(consignments)
    .set({ feePaidAt: new Date(), feeTransactionId: transactionId })
    .where(and(eq(consignments.id, id), eq(consignments.feePayment, 'card'), isNull(consignments.feePaidAt)))
    .returning();
  return row;
}
