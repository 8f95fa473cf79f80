import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from '#server/outbox/polling-worker.ts';
import { mailRoutes } from './routes.ts';
import { smtpSender } from './smtp.ts';
import { mailingShop } from './templates/layout.ts';
import { MailWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox; tests call `deliverDue()` to run a round at a moment of their choosing. */
    mailWorker: MailWorker;
  }
}

/** The outbox's worker (started once the server is ready, stopped when it closes) and the admin Mailbox. */
async function mailPlugin(app: FastifyInstance, options: { db: Database; config: Config; timing?: Partial<OutboxTiming> }) {
  const { db, config } = options;
  const shop = mailingShop(config, app.translators);
  const smtp = config.mail.smtpUrl ? await smtpSender(config.mail.smtpUrl) : undefined;
  const worker = new MailWorker({
    db,
    shop,
    from: config.mail.from,
    send: smtp?.send,
    log: app.log,
    timing: { ...DEFAULT_OUTBOX_TIMING, ...options.timing },
  });
  app.decorate('mailWorker', worker);
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    smtp?.close();
  });
  await app.register(mailRoutes, { db, shop });
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['auth'] });
