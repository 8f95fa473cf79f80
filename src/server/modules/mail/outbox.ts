import type { Database, Transaction } from '#server/db/client.ts';
import type { ConsignmentStatus, FailureReason } from '#shared/consignment-status.ts';
import type { FreightMode, FreightStatus } from '#shared/freight.ts';
import type { Locale } from '#shared/locale.ts';
import type { LedgerKind } from '#shared/merchant.ts';
import type { CancelledBy, OrderStatus } from '#shared/order-status.ts';
import { isPhoneOnlyEmail } from '#shared/phone-account.ts';
import { insertMail } from './repository.ts';

/**
 * Public file of the mail module: the mails the shop sends and `queueMail`, which puts one in the outbox
 * in the transaction of its event (decision 17). It knows no other module: each builds its own mails'
 * facts (the orders' in orders/mails.ts, docs/decisions/0049).
 */

export type { CancelledBy };

/** What a status mail tells besides the order: the new status, how it travels, the shop's note. */
export interface StatusFacts {
  status: Extract<OrderStatus, 'shipped' | 'delivered' | 'refunded'>;
  carrier: string;
  trackingNumber: string;
  note: string;
}

/** What an order mail says about the order: the customer's own order, copied when the event happens. */
export interface OrderFacts {
  customerName: string;
  orderId: string;
  /** The number the customer reads (R-ORDER-NUMBER); mails queued before numbers existed have none. */
  orderNumber?: string;
  product: string;
  quantity: number;
  totalCents: number;
}

/** What a freight request's mails say (R-FREIGHT): the request, the step it reached, and that step's facts. */
export interface FreightFacts {
  customerName: string;
  number: string;
  mode: FreightMode;
  origin: string;
  destination: string;
  step: Extract<FreightStatus, 'requested' | 'quoted' | 'accepted' | 'scheduled'>;
  /** The quote, in poisha, and its last valid day: from `quoted` on. */
  amount?: number;
  validUntil?: string;
  scheduledFor?: string;
}

/** The steps of a parcel a mail tells of (R-PARCEL-MAILS). */
export const PARCEL_MAIL_STEPS = [
  'booked',
  'out_for_delivery',
  'delivered',
  'partially_delivered',
  'delivery_failed',
  'returned',
] as const satisfies readonly ConsignmentStatus[];
export type ParcelMailStep = (typeof PARCEL_MAIL_STEPS)[number];

/**
 * What a parcel's mails say (R-PARCEL-MAILS): to its sender at each step, and to a shop order's buyer,
 * the recipient, when it goes out (with the code to give the rider, which only the recipient is told)
 * and when a delivery failed.
 */
export interface ParcelFacts {
  customerName: string;
  reader: 'sender' | 'recipient';
  trackingCode: string;
  step: ParcelMailStep;
  recipientName: string;
  /** The destination's district, in both languages: the mail picks its reader's. */
  district: { name: string; nameBn: string };
  /** Poisha: the cash to collect, and what the rider collected (delivered, partly or wholly). */
  codAmount: number;
  codCollected?: number;
  reason?: FailureReason;
  deliveryCode?: string;
}

/** What a paid payout's mail says (issue 30): the transfer, and its lines summed by kind, in poisha. */
export interface PayoutFacts {
  customerName: string;
  businessName: string;
  payoutId: string;
  number: string;
  amount: number;
  reference: string;
  sums: { kind: LedgerKind; amount: number }[];
}

/**
 * What a sender is told when a parcel's recipient did not order it or asks for a change of its address or
 * phone (R-CONFIRM-BEFORE-PICKUP, decision 182): the change asked for, to accept or decline on the parcel's page.
 */
export interface RecipientAnswerFacts {
  customerName: string;
  trackingCode: string;
  answer: 'not_ordered' | 'change_asked';
  proposedAddress?: string;
  proposedPhone?: string;
}

/** Each mail the shop sends, with the facts its template needs (R-MAIL-CONTENT), in its recipient's language. */
export type MailEvent = (
  | { kind: 'order-received'; to: string; data: OrderFacts }
  | { kind: 'payment-receipt'; to: string; data: OrderFacts & { transactionId: string; paidAt: string } }
  | { kind: 'order-cancelled'; to: string; data: OrderFacts & { by: CancelledBy } }
  | { kind: 'order-status'; to: string; data: OrderFacts & StatusFacts }
  | { kind: 'password-reset'; to: string; data: { customerName: string; token: string } }
  | { kind: 'email-verification'; to: string; data: { customerName: string; token: string } }
  | { kind: 'welcome'; to: string; data: { customerName: string } }
  | { kind: 'sign-up-attempt'; to: string; data: { customerName: string } }
  | { kind: 'freight-request'; to: string; data: FreightFacts }
  | { kind: 'parcel-step'; to: string; data: ParcelFacts }
  | { kind: 'payout-paid'; to: string; data: PayoutFacts }
  | { kind: 'recipient-answer'; to: string; data: RecipientAnswerFacts }
) & {
  /** Read from the outbox: the recipient's language when the mail was written (R-LANGUAGES). */
  locale?: Locale;
};

export type MailKind = MailEvent['kind'];

/**
 * Puts a mail in the outbox, in its recipient's language: the one their account reads the shop in, or
 * English for an address with no account. Called with the transaction of the event that causes the mail, so the mail
 * exists exactly when the event does: it is never lost to a crash, nor sent for a rolled-back event (R-MAIL-OUTBOX).
 */
export async function queueMail(tx: Database | Transaction, mail: MailEvent): Promise<void> {
  // An account made by phone has a placeholder address that no mail reaches (decision 160).
  if (isPhoneOnlyEmail(mail.to)) return;
  await insertMail(tx, { kind: mail.kind, recipient: mail.to, data: mail.data });
}
