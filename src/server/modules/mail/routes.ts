import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { mailboxEntrySchema, mailboxQuerySchema, mailsPageSchema } from '#shared/mail.ts';
import { readMailbox, readMailsPage } from './service.ts';
import type { Shop } from './templates/layout.ts';

export const mailRoutes: FastifyPluginAsyncZod<{ db: Database; shop: Shop }> = async (app, { db, shop }) => {
  app.get(
    '/api/mailbox',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'readMailbox',
        tags: ['mail'],
        summary: 'Every mail the shop wrote, newest first, with its delivery status (admin)',
        response: { 200: z.array(mailboxEntrySchema) },
      },
    },
    async () => readMailbox(db, shop),
  );

  app.post(
    '/api/mailbox/mails',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'readMailboxMails',
        tags: ['mail'],
        summary:
          'The Mailbox’s mails (admin), newest first, a page at a time (send back `next` as `cursor`): by kind and by recipient’s email, exactly; the first page lists every kind. In the body, since an address is never put in a URL',
        body: mailboxQuerySchema,
        errors: [400],
        response: { 200: mailsPageSchema },
      },
    },
    async (request) => readMailsPage(db, shop, request.body),
  );
};
