import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { recipientRecordLookupSchema, recipientRecordSchema, recipientRecordVisibilitySchema } from '#shared/recipient-record.ts';
import { lookUpRecipientRecord, setRecipientRecordHidden } from './service.ts';

/**
 * A recipient's delivery record on the website (issue 44, R-RECIPIENT-RECORD, decision 168): the booking
 * form asks it for an approved merchant as the recipient's number is typed; an admin hides a number's
 * record at its recipient's request. The number goes in the body, never in an address that logs keep.
 */
export const recipientRecordRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/api/merchant/recipient-record',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'lookUpRecipientRecord',
        tags: ['merchants'],
        summary:
          'A recipient’s delivery record (approved merchants): parcels to the number across the network over the last 12 months, by how they ended, counts only; each look is logged and counted against RECIPIENT_RECORDS_PER_MERCHANT an hour',
        body: recipientRecordLookupSchema,
        errors: [400, 403, 429],
        response: { 200: recipientRecordSchema },
      },
    },
    async (request) => lookUpRecipientRecord(db, config, viewerOf(request).userId, request.body.phone, 'web'),
  );

  app.post(
    '/api/admin/recipient-records/visibility',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'setRecipientRecordVisibility',
        tags: ['merchants'],
        summary: 'Hide a number’s delivery record from every merchant at its recipient’s request, or show it again (admins)',
        body: recipientRecordVisibilitySchema,
        errors: [400, 403],
        response: { 200: z.object({ phone: z.string(), hidden: z.boolean() }) },
      },
    },
    async (request) => {
      await setRecipientRecordHidden(db, viewerOf(request).userId, request.body.phone, request.body.hidden);
      return { phone: request.body.phone, hidden: request.body.hidden };
    },
  );
};
