import type { Database, Transaction } from '#server/db/client.ts';
import { insertMany } from '#server/db/insert-many.ts';
import { smsOutbox } from '#server/db/schema.ts';
import { insertSms, recentTextsTo } from './repository.ts';

/**
 * Public file of the SMS module: `queueSms` puts a text message in the outbox in the transaction of
 * its event (as mails are, decision 17), already written in its reader's language.
 */
export interface SmsMessage {
  /** What it is about, for the Mailbox: `parcel-booked`, `parcel-out-for-delivery`… */
  kind: string;
  /** A Bangladeshi mobile number as the shop keeps it (01711000000). */
  phone: string;
  text: string;
}

export async function queueSms(tx: Database | Transaction, message: SmsMessage): Promise<void> {
  await insertSms(tx, message);
}

/** Many texts in one statement: a bulk booking's (R-BULK-BOOKING), thousands at once. */
export async function queueManySms(tx: Transaction, messages: readonly SmsMessage[]): Promise<void> {
  await insertMany(tx, smsOutbox, messages);
}

/** How many texts of `kind` went, or wait to go, to `phone` in the last `hours` (a sign-in code's limit per number). */
export async function textsToLately(db: Database | Transaction, kind: string, phone: string, hours: number): Promise<number> {
  return (await recentTextsTo(db, kind, [phone], hours)).get(phone) ?? 0;
}

/** The window a number's budget of texts of one kind counts in (decision 108). */
const BUDGET_HOURS = 24;

/** What the Mailbox says of a text over its number's budget. */
const OVER_BUDGET = /*i18n*/ 'Not sent: this number had its booking texts for the day';

/**
 * Texts of one kind, each sent only while its number had fewer than `perNumber` of that kind in 24
 * hours (issue 39 item 7, decision 108): a sender choosing the numbers cannot turn our gateway on one
 * person. One over is written skipped, done and never sent, so the Mailbox shows it and why; many in
 * one statement, a bulk booking's recipients (R-BULK-BOOKING). Counted, not locked: two bookings to
 * one number at the same moment may both send, so a number can get a text or two more.
 */
export async function queueSmsWithinBudget(tx: Transaction, messages: readonly SmsMessage[], perNumber: number): Promise<void> {
  const [first] = messages;
  if (!first) return;
  const sent = await recentTextsTo(tx, first.kind, [...new Set(messages.map((message) => message.phone))], BUDGET_HOURS);
  const now = new Date();
  // Every row names the same columns: one statement writes them all.
  const rows = messages.map((message) => {
    const before = sent.get(message.phone) ?? 0;
    if (before >= perNumber) return { ...message, deliveredAt: now, deliveredBy: 'skipped' as const, lastError: OVER_BUDGET };
    sent.set(message.phone, before + 1);
    return { ...message, deliveredAt: null, deliveredBy: null, lastError: null };
  });
  await insertMany(tx, smsOutbox, rows);
}
