import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { appendedSumsFolding } from '#server/db/appended-sums.ts';
import type { Database } from '#server/db/client.ts';
import { parcelOutcomesSchema } from '#shared/parcel-outcomes.ts';
import { PARCEL_OUTCOME_SUMS, weeklyOutcomes } from './service.ts';

/**
 * How parcels ended, week by week (issue 44, R-PARCEL-OUTCOMES, decision 171): a sender's own on the
 * merchant page, the network's on the admin Overview; the sums are folded once a minute.
 */
export const parcelOutcomeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const folding = appendedSumsFolding(db, PARCEL_OUTCOME_SUMS, app.log);
  app.addHook('onReady', () => folding.start());
  app.addHook('onClose', () => folding.stop());

  app.get(
    '/api/consignments/outcomes',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'myParcelOutcomes',
        tags: ['parcels'],
        summary:
          'How your parcels booked in each of the last 12 weeks ended: delivered (fully or partly), returned, cancelled, not ended yet; sandbox parcels not counted',
        response: { 200: parcelOutcomesSchema },
      },
    },
    async (request) => weeklyOutcomes(db, viewerOf(request).userId),
  );

  app.get(
    '/api/admin/parcel-outcomes',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'networkParcelOutcomes',
        tags: ['operations'],
        summary:
          'How every sender’s parcels booked in each of the last 12 weeks ended (admins), as `GET /api/consignments/outcomes`',
        errors: [403],
        response: { 200: parcelOutcomesSchema },
      },
    },
    async () => weeklyOutcomes(db, null),
  );
};
