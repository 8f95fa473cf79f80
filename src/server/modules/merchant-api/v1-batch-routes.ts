import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { apiBatchLabelsPath, bulkBookingIdParamsSchema } from '#shared/bulk-booking.ts';
import { labelQuerySchema } from '#shared/consignment.ts';
import {
  consignmentBatchEnvelopeSchema,
  consignmentBatchInputSchema,
  consignmentBatchSchema,
} from '#shared/consignment-batch.ts';
import { LIMITS } from '#shared/limits.ts';
import { isLocale } from '#shared/locale.ts';
import { batchBookingContext, bookBatch, printBatchLabels } from '../consignments/batch-booking.ts';
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
        codes: ['batch_refused', 'idempotency_key_reused'],
        response: { 201: consignmentBatchSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const batch = await bookBatch(booking, callerOf(request), request.body.parcels, key);
      // Each parcel's label opens with the key, as a single booking's does (decision 137).
      return reply.status(201).send({
        ...batch,
        parcels: batch.parcels.map((parcel) => withApiLabel(config, parcel)),
        labelsUrl: new URL(apiBatchLabelsPath(batch.id), config.publicUrl).toString(),
      });
    },
  );

  app.get(
    '/api/v1/consignments/batch/:id/labels.pdf',
    {
      ...keyed,
      schema: {
        operationId: 'v1BatchLabels',
        tags: ['v1'],
        summary:
          'One of your batches’ labels as one PDF, one A6 page a parcel in the batch’s order: the website’s bulk booking labels, streamed a page at a time (another merchant’s batch 404); `lang=bn` writes them in Bangla. One batch’s labels print at a time on each server: another asked meanwhile is answered 503 with Retry-After',
        params: bulkBookingIdParamsSchema,
        querystring: labelQuerySchema,
        produces: ['application/pdf'],
        errors: [404, 429],
        response: { 200: z.string().describe('PDF') },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const locale = lang && isLocale(lang) ? lang : requestLocale(request);
      const words = { i18n: app.translators[locale], locale };
      const { booking, pdf } = await printBatchLabels({ db, config }, callerOf(request).merchantId, request.params.id, words);
      return sendPrivateFile(reply, { type: 'application/pdf', name: `labels-${booking.id}.pdf`, disposition: 'inline' }, pdf);
    },
  );
};
