import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { mailboxEntrySchema } from '#shared/mail.ts';
import { readMailbox } from './service.ts';
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
};
