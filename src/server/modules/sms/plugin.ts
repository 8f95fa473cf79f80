import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from '#server/outbox/polling-worker.ts';
import { LIMITS } from '#shared/limits.ts';
import { mailboxQuerySchema, type SmsEntry, smsEntrySchema, textsPageSchema } from '#shared/mail.ts';
import { openSmsGateway } from './gateway.ts';
import { listSms, type SmsRow } from './repository.ts';
import { readTextsPage } from './texts-page.ts';
import { SmsWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SMS outbox; tests call `deliverDue()` to run a round at a moment of their choosing. */
    smsWorker: SmsWorker;
  }
}

function toSmsEntry(row: SmsRow): SmsEntry {
  return {
    id: row.id,
    kind: row.kind,
    phone: row.phone,
    text: row.text,
    status: row.deliveredBy === 'gateway' ? 'sent' : row.deliveredBy === 'mailbox' ? 'kept' : (row.deliveredBy ?? 'waiting'),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The SMS outbox's worker (started once the server is ready, stopped when it closes) and its page of the Mailbox. */
async function smsPlugin(app: FastifyInstance, options: { db: Database; config: Config; timing?: Partial<OutboxTiming> }) {
  const { db, config } = options;
  const worker = new SmsWorker({
    db,
    send: await openSmsGateway(config.sms),
    log: app.log,
    timing: { ...DEFAULT_OUTBOX_TIMING, ...options.timing },
  });
  app.decorate('smsWorker', worker);
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', () => worker.stop());

  app.get(
    '/api/mailbox/sms',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'readSmsOutbox',
        tags: ['mail'],
        summary: 'Every text message the shop wrote, newest first, with its delivery status (admin)',
        response: { 200: z.array(smsEntrySchema) },
      },
    },
    async () => (await listSms(db, LIMITS.mailboxSize)).map(toSmsEntry),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/mailbox/texts',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'readMailboxTexts',
        tags: ['mail'],
        summary:
          'The Mailbox’s text messages (admin), newest first, a page at a time (send back `next` as `cursor`): by kind and by recipient’s mobile number in any form it is typed; the first page lists every kind. In the body, since a phone is never put in a URL',
        body: mailboxQuerySchema,
        errors: [400],
        response: { 200: textsPageSchema },
      },
    },
    async (request) => readTextsPage(db, request.body, toSmsEntry),
  );
}

export default fp(smsPlugin, { name: 'sms', dependencies: ['auth'] });
