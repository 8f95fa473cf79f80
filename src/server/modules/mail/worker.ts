import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { OutboxWorker } from '#server/outbox/outbox-worker.ts';
import type { OutboxTiming } from '#server/outbox/polling-worker.ts';
import type { MailEvent } from './outbox.ts';
import { claimDueMail, type MailRow, markDelivered, markRefused } from './repository.ts';
import type { SendMail } from './smtp.ts';
import type { Shop } from './templates/layout.ts';
import { linkOf, renderMail } from './templates/render.ts';

export function asMailEvent(row: MailRow): MailEvent {
  return { kind: row.kind, to: row.recipient, data: row.data, locale: row.locale } as MailEvent;
}

/**
 * Sends what the mail outbox holds. With an SMTP server each mail goes out once, and a refusal or an
 * unreachable server is retried later with backoff; without one, mails stay in the outbox for the
 * admin Mailbox and the links they carry are printed to the log.
 */
export class MailWorker extends OutboxWorker<MailRow> {
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
    super(options.db, options.log, options.timing, {
      name: 'mail',
      outbox: 'mail',
      refused: 'The SMTP server did not take a mail',
      racePoint: 'mail claimed',
      batch: 10,
      // Longer than any SMTP exchange may take (smtp.ts bounds them).
      leaseMs: 5 * 60_000,
    });
  }

  protected claim(tx: Transaction, limit: number, leaseMs: number): Promise<MailRow[]> {
    return claimDueMail(tx, limit, leaseMs);
  }

  protected async hand(row: MailRow): Promise<'sent' | 'kept'> {
    const { shop, from, send } = this.options;
    const mail = asMailEvent(row);
    if (!send) {
      const link = linkOf(shop, mail);
      if (link)
        this.log.info({ mailTo: mail.to, kind: mail.kind, link }, `Mail kept in the outbox (no SMTP_URL); its link: ${link}`);
      return 'kept';
    }
    await send({ from, to: mail.to, ...renderMail(shop, mail) });
    return 'sent';
  }

  protected delivered(id: string, how: 'sent' | 'kept'): Promise<void> {
    return markDelivered(this.db, id, how === 'sent' ? 'smtp' : 'mailbox');
  }

  protected refused(id: string, error: string, retryInMs: number): Promise<void> {
    return markRefused(this.db, id, error, retryInMs);
  }
}
