import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { type OutboxTiming, PollingWorker, retryDelay } from '#server/outbox/polling-worker.ts';
import type { MailEvent } from './outbox.ts';
import { claimDueMail, type MailRow, markDelivered, markRefused } from './repository.ts';
import type { SendMail } from './smtp.ts';
import type { Shop } from './templates/layout.ts';
import { linkOf, renderMail } from './templates/render.ts';

/** Longer than any SMTP exchange may take (smtp.ts bounds them), so a claimed mail is never claimed twice. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 10;

export function asMailEvent(row: MailRow): MailEvent {
  return { kind: row.kind, to: row.recipient, data: row.data, locale: row.locale } as MailEvent;
}

/**
 * Sends what the outbox holds, inside the server. With an SMTP server each mail goes out once, and a
 * refusal or an unreachable server is retried later with backoff; without one, mails stay in the outbox
 * for the admin Mailbox and the links they carry are printed to the log.
 */
export class MailWorker {
  readonly #polling: PollingWorker;

  constructor(
    private readonly options: {
      db: Database;
      shop: Shop;
      from: string;
      send?: SendMail;
      log: FastifyBaseLogger;
      timing: OutboxTiming;
    },
  ) {
    this.#polling = new PollingWorker(
      () => this.deliverDue(),
      options.timing.pollMs,
      (error) => options.log.error({ err: error }, 'The mail outbox could not be read'),
    );
  }

  start(): void {
    this.#polling.start();
  }

  stop(): Promise<void> {
    return this.#polling.stop();
  }

  /** One round: claims the mails that are due and delivers each. Returns how many were claimed. */
  async deliverDue(): Promise<number> {
    const { db } = this.options;
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimDueMail(tx, BATCH, CLAIM_LEASE_MS);
      await reachRacePoint(db, 'mail claimed');
      return rows;
    });
    for (const row of claimed) await this.#deliver(row);
    return claimed.length;
  }

  async #deliver(row: MailRow): Promise<void> {
    const { db, shop, from, send, log, timing } = this.options;
    const mail = asMailEvent(row);
    if (!send) {
      const link = linkOf(shop, mail);
      if (link) log.info({ mailTo: mail.to, kind: mail.kind, link }, `Mail kept in the outbox (no SMTP_URL); its link: ${link}`);
      await markDelivered(db, row.id, 'mailbox');
      return;
    }
    try {
      await send({ from, to: mail.to, ...renderMail(shop, mail) });
    } catch (error) {
      const retryInMs = retryDelay(timing, row.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: row.id, attempts: row.attempts, retryInMs, err: error }, 'The SMTP server did not take a mail');
      await markRefused(db, row.id, reason, retryInMs);
      return;
    }
    await markDelivered(db, row.id, 'smtp');
  }
}
