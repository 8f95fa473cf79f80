import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { type OutboxTiming, PollingWorker, retryDelay } from '#server/outbox/polling-worker.ts';
import { internationalNumber, type SendSms } from './gateway.ts';
import { claimDueSms, markSmsDelivered, markSmsRefused, type SmsRow } from './repository.ts';

/** Longer than a gateway's answer may take (gateway.ts bounds it), so a claimed message is never claimed twice. */
const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Sends the SMS outbox, inside the server (issue 29). With a gateway each message goes out once, and a
 * refusal or a gateway out of reach is retried later with backoff; without one, messages stay in the
 * outbox for the admin Mailbox.
 */
export class SmsWorker {
  readonly #polling: PollingWorker;

  constructor(private readonly options: { db: Database; send?: SendSms; log: FastifyBaseLogger; timing: OutboxTiming }) {
    this.#polling = new PollingWorker(
      () => this.deliverDue(),
      options.timing.pollMs,
      (error) => options.log.error({ err: error }, 'The SMS outbox could not be read'),
    );
  }

  start(): void {
    this.#polling.start();
  }

  stop(): Promise<void> {
    return this.#polling.stop();
  }

  /** One round: claims the messages that are due and delivers each. Returns how many were claimed. */
  async deliverDue(): Promise<number> {
    const { db } = this.options;
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimDueSms(tx, BATCH, CLAIM_LEASE_MS);
      await reachRacePoint(db, 'sms claimed');
      return rows;
    });
    for (const row of claimed) await this.#deliver(row);
    return claimed.length;
  }

  async #deliver(row: SmsRow): Promise<void> {
    const { db, send, log, timing } = this.options;
    if (!send) {
      await markSmsDelivered(db, row.id, 'mailbox');
      return;
    }
    try {
      await send({ id: row.id, to: internationalNumber(row.phone), text: row.text });
    } catch (error) {
      const retryInMs = retryDelay(timing, row.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ smsId: row.id, attempts: row.attempts, retryInMs, err: error }, 'The SMS gateway did not take a message');
      await markSmsRefused(db, row.id, reason, retryInMs);
      return;
    }
    await markSmsDelivered(db, row.id, 'gateway');
  }
}
