import type { Database, Transaction } from '#server/db/client.ts';
import { insertMany } from '#server/db/insert-many.ts';
import { smsOutbox } from '#server/db/schema.ts';
import { insertSms } from './repository.ts';

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

/** Thousands of messages in one statement: a bulk booking's recipients (R-BULK-BOOKING). */
export async function queueManySms(tx: Transaction, messages: readonly SmsMessage[]): Promise<void> {
  await insertMany(tx, smsOutbox, messages);
}
