import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { OutboxWorker } from '#server/outbox/outbox-worker.ts';
import type { OutboxTiming } from '#server/outbox/polling-worker.ts';
import { internationalNumber, type SendSms } from './gateway.ts';
import { claimDueSms, markSmsDelivered, markSmsRefused, type SmsRow } from './repository.ts';

/**
 * Sends the SMS outbox (issue 29): with a gateway each message goes out once, retried with backoff;
 * without one, messages stay in the outbox for the admin Mailbox.
 */
export class SmsWorker extends OutboxWorker<SmsRow> {
  constructor(private readonly options: { db: Database; send?: SendSms; log: FastifyBaseLogger; timing: OutboxTiming }) {
    super(options.db, options.log, options.timing, {
      name: 'SMS',
      outbox: 'sms',
      refused: 'The SMS gateway did not take a message',
      racePoint: 'sms claimed',
      batch: 20,
      // Longer than a gateway's answer may take (gateway.ts bounds it).
      leaseMs: 2 * 60_000,
    });
  }

  protected claim(tx: Transaction, limit: number, leaseMs: number): Promise<SmsRow[]> {
    return claimDueSms(tx, limit, leaseMs);
  }

  protected async hand(row: SmsRow): Promise<'sent' | 'kept'> {
    if (!this.options.send) return 'kept';
    await this.options.send({ id: row.id, to: internationalNumber(row.phone), text: row.text });
    return 'sent';
  }

  protected delivered(id: string, how: 'sent' | 'kept'): Promise<void> {
    return markSmsDelivered(this.db, id, how === 'sent' ? 'gateway' : 'mailbox');
  }

  protected refused(id: string, error: string, retryInMs: number): Promise<void> {
    return markSmsRefused(this.db, id, error, retryInMs);
  }
}
