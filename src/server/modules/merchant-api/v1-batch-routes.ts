import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import {
  consignmentBatchEnvelopeSchema,
  consignmentBatchInputSchema,
  consignmentBatchSchema,
} from '#shared/consignment-batch.ts';
import { LIMITS } from '#shared/limits.ts';
import { batchBookingContext, bookBatch } from '../consignments/batch-booking.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';
import { withApiLabel } from './v1-reference-routes.ts';

/**
 * A batch of parcels in one call of the merchant API (R-MERCHANT-API, issue 41): what Steadfast's and
 * Pathao's bulk create do, booked as the website's bulk booking books a file (R-BULK-BOOKING, decision 138).
 */
export const v1BatchRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  rates: RateCards;
  keyed: ApiKeyHooks;
}> = async (app, { db, config, rates, keyed }) => {
  const booking = batchBookingContext(db, config, rates, app.translators);

  app.post(
    '/api/v1/consignments/batch',
    {
      ...keyed,
      // 500 parcels written at their longest take more than the 1 MB of every other body (LIMITS).
      bodyLimit: LIMITS.consignmentBatchBodyMaxBytes,
      schema: {
        operationId: 'v1BookBatch',
        tags: ['v1'],
        summary: `Book 1 to ${LIMITS.consignmentBatchMax} parcels at once, all or none, in one transaction, each as \`POST /api/v1/consignments\` takes it. A batch with any parcel that cannot go (its fields, its area, an invoice number on another parcel of the batch or of yours, its service or cash) books nothing and is refused (422 \`batch_refused\`), \`error.problems\` naming every problem by the parcel's index and its field. The parcels count toward your parcels a day. With an \`Idempotency-Key\` (kept 24 hours), the same batch again answers the first booking and books nothing; the same key with another request is refused (422). The batch is one of your bulk bookings on the website, which prints its labels as one PDF`,
        headers: idempotencyKeyHeadersSchema,
        body: consignmentBatchEnvelopeSchema,
        // Each parcel is read by the booking, so that a refusal names every problem, not the first.
        readByHandler: { body: consignmentBatchInputSchema },
        errors: [409, 413, 422, 429],
        response: { 201: consignmentBatchSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const batch = await bookBatch(booking, callerOf(request), request.body.parcels, key);
      // Each parcel's label opens with the key, as a single booking's does (decision 137).
      return reply.status(201).send({ ...batch, parcels: batch.parcels.map((parcel) => withApiLabel(config, parcel)) });
    },
  );
};
