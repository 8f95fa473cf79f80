import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import { listCursorSchema } from '#shared/parcel-lists.ts';
import {
  returnRequestIdParamsSchema,
  returnRequestInputSchema,
  returnRequestMoveSchema,
  returnRequestPageSchema,
  returnRequestSchema,
} from '#shared/return-request.ts';
import { askReturnRequest, moveReturnRequest, openReturnRequests, parcelReturnRequests } from './service.ts';

/**
 * Return requests on the website (R-RETURN-REQUESTS): the parcel page's "Ask for it back" and its list, for
 * the parcel's sender; and the staff's side (operators, admins), the requests on their way moved along
 * until the item is back with its merchant.
 */
export const returnRequestRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const isStaff = async (userId: string) => ['admin', 'operator'].includes(await app.roleOf(userId));

  app.get(
    '/api/consignments/:trackingCode/return-requests',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listParcelReturnRequests',
        tags: ['parcels'],
        summary: 'The return requests of one parcel, newest first: its sender’s, or any for staff; anyone else 404',
        params: trackingCodeParamsSchema,
        errors: [404],
        response: { 200: z.array(returnRequestSchema) },
      },
    },
    async (request) => parcelReturnRequests(db, viewerOf(request), request.params.trackingCode, isStaff),
  );

  app.post(
    '/api/consignments/:trackingCode/return-requests',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'askParcelReturnRequest',
        tags: ['parcels'],
        summary:
          'Ask for one of your delivered parcels’ item back (a return or an exchange), as `POST /api/v1/consignments/{code}/return-requests` does; not delivered, a request on its way, or its item back already 409',
        params: trackingCodeParamsSchema,
        body: returnRequestInputSchema,
        errors: [404, 409],
        response: { 201: returnRequestSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await askReturnRequest(db, config, viewerOf(request), request.params.trackingCode, request.body)),
  );

  app.get(
    '/api/ops/return-requests',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'listOpenReturnRequests',
        tags: ['operations'],
        summary: 'Return requests on their way (requested, collected, at a hub), newest first, 50 a page (operators and admins)',
        querystring: z.object({ cursor: listCursorSchema }),
        errors: [403],
        response: { 200: returnRequestPageSchema },
      },
    },
    async (request) => openReturnRequests(db, request.query.cursor),
  );

  app.post(
    '/api/ops/return-requests/:id/move',
    {
      onRequest: app.requireRole(['operator']),
      // A POST with no body moves the request to its next status on the way.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'moveReturnRequest',
        tags: ['operations'],
        summary:
          'Move a return request (operators and admins): to its next status on the way, or to `to` when the table allows it (409 saying why otherwise); `failed` needs `failureReason`. Returned to the merchant debits its charge from the merchant’s COD ledger',
        params: returnRequestIdParamsSchema,
        body: returnRequestMoveSchema,
        errors: [400, 403, 404, 409],
        response: { 200: returnRequestSchema },
      },
    },
    async (request) => moveReturnRequest(db, viewerOf(request), request.params.id, request.body),
  );
};
