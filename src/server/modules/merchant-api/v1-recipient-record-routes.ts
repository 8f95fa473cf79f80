import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { recipientRecordLookupSchema, recipientRecordSchema } from '#shared/recipient-record.ts';
import { lookUpRecipientRecord } from '../recipient-records/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

/**
 * A recipient's delivery record through `/api/v1` (issue 44, R-RECIPIENT-RECORD, decision 168): what the
 * booking form shows, for a merchant's own system to ask before it books. Counted in the merchant's API
 * limit, and with the website's looks in its hourly looks at records.
 */
export const v1RecipientRecordRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; keyed: ApiKeyHooks }> = async (
  app,
  { db, config, keyed },
) => {
  app.post(
    '/api/v1/recipient-records',
    {
      ...keyed,
      schema: {
        operationId: 'v1LookUpRecipientRecord',
        tags: ['v1'],
        summary:
          'A recipient’s delivery record: parcels to the number (in the body, typed as people type it) across the network over the last 12 months, by how they ended, counts only and never another merchant’s details. Each look is logged and counted against RECIPIENT_RECORDS_PER_MERCHANT an hour, with the website’s; a number whose recipient asked for it to be hidden answers `hidden: true` and zeros',
        body: recipientRecordLookupSchema,
        errors: [400, 429],
        response: { 200: recipientRecordSchema },
      },
    },
    async (request) => lookUpRecipientRecord(db, config, callerOf(request).userId, request.body.phone, 'api'),
  );
};
