import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { reconciliationQuerySchema, reconciliationReportSchema } from '#shared/reconciliation.ts';
import { reconciliationCsv } from './report-csv.ts';
import { reconcile, yesterday } from './service.ts';

/** The daily reconciliation (issue 45, R-RECONCILIATION): admins read it as JSON, on the page, or as CSV. */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const dayOf = (day: string | undefined) => day ?? yesterday(config.timeZone);

  app.get(
    '/api/admin/reconciliation',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'reconciliation',
        tags: ['merchants'],
        summary:
          'The day’s reconciliation (admin; `day` in the shop’s time zone, yesterday without one): the cash riders handed in against the ledger’s credits for those parcels, the payments each provider received against the orders and parcel fees they paid, and the payouts sent or given back against the ledger lines they settled, to the poisha, with every difference listed',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationReportSchema },
      },
    },
    async (request) => reconcile(db, dayOf(request.query.day), config.timeZone),
  );

  app.get(
    '/api/admin/reconciliation.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'reconciliationCsv',
        tags: ['merchants'],
        summary: 'The day’s reconciliation as CSV (admin): its totals, then its differences, amounts in taka',
        querystring: reconciliationQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180)') },
      },
    },
    async (request, reply) => {
      const day = dayOf(request.query.day);
      const report = await reconcile(db, day, config.timeZone);
      return sendPrivateFile(
        reply,
        { type: 'text/csv; charset=utf-8', name: `reconciliation-${day}.csv`, disposition: 'attachment' },
        Readable.from(reconciliationCsv(report)),
      );
    },
  );
};
