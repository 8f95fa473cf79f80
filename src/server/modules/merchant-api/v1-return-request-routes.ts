import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import { API_KEY_MESSAGES } from '#shared/merchant-api.ts';
import {
  returnRequestIdParamsSchema,
  returnRequestInputSchema,
  returnRequestMoveSchema,
  returnRequestPageSchema,
  returnRequestSchema,
  returnRequestsQuerySchema,
} from '#shared/return-request.ts';
import {
  advanceTestReturnRequest,
  askReturnRequest,
  cancelReturnRequest,
  listReturnRequests,
  readReturnRequest,
} from '../return-requests/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

/**
 * Return requests through `/api/v1` (issue 41, R-RETURN-REQUESTS, decision 163): ask for a delivered
 * parcel's item back (a return or an exchange), list and read the requests, cancel one before its pickup;
 * a test key moves its test parcels' requests along in the sandbox (R-SANDBOX).
 */
export const v1ReturnRequestRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; keyed: ApiKeyHooks }> = async (
  app,
  { db, config, keyed },
) => {
  app.post(
    '/api/v1/consignments/:trackingCode/return-requests',
    {
      ...keyed,
      schema: {
        operationId: 'v1AskReturnRequest',
        tags: ['v1'],
        summary: `Ask for one of your delivered (or partly delivered) parcels’ item back: \`return\` brings it to your store, \`exchange\` has the rider hand over a new item and bring the old one back. Its charge (${config.returnChargePercent} % of the parcel’s delivery fee, in poisha) is debited from your COD ledger when the item is returned to you; nothing for a request cancelled or failed. A parcel not delivered, one with a request on its way, or one whose item came back already 409; another sender’s 404. With an \`Idempotency-Key\`, a repeat answers the first request`,
        params: trackingCodeParamsSchema,
        headers: idempotencyKeyHeadersSchema,
        body: returnRequestInputSchema,
        errors: [404, 409, 422, 429],
        codes: ['idempotency_key_reused'],
        response: { 201: returnRequestSchema },
      },
    },
    async (request, reply) => {
      const asked = await askReturnRequest(
        db,
        config,
        callerOf(request),
        request.params.trackingCode,
        request.body,
        idempotencyKeyOf(request),
      );
      return reply.status(201).send(asked);
    },
  );

  app.get(
    '/api/v1/return-requests',
    {
      ...keyed,
      schema: {
        operationId: 'v1ListReturnRequests',
        tags: ['v1'],
        summary:
          'Your return requests, newest first, a page of 50 at a time (send back `next` as `cursor` for the older ones), by status or all',
        querystring: returnRequestsQuerySchema,
        errors: [429],
        response: { 200: returnRequestPageSchema },
      },
    },
    async (request) => listReturnRequests(db, callerOf(request), request.query),
  );

  app.get(
    '/api/v1/return-requests/:id',
    {
      ...keyed,
      schema: {
        operationId: 'v1GetReturnRequest',
        tags: ['v1'],
        summary: 'One of your return requests with its status and charge; another sender’s 404',
        params: returnRequestIdParamsSchema,
        errors: [404, 429],
        response: { 200: returnRequestSchema },
      },
    },
    async (request) => readReturnRequest(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/v1/return-requests/:id/cancel',
    {
      ...keyed,
      schema: {
        operationId: 'v1CancelReturnRequest',
        tags: ['v1'],
        summary:
          'Cancel one of your return requests before its item is collected: nothing is charged; once collected, or at its end, 409 saying why',
        params: returnRequestIdParamsSchema,
        errors: [404, 409, 429],
        response: { 200: returnRequestSchema },
      },
    },
    async (request) => cancelReturnRequest(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/v1/test/return-requests/:id/advance',
    {
      ...keyed,
      // A POST with no body is the commonest call (the next status): read as an empty request.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'v1AdvanceTestReturnRequest',
        tags: ['v1'],
        summary:
          'Sandbox: move a return request of one of your test parcels to its next status on the way (requested → picked up → at hub → returned to merchant), or to the status `to` names when the table allows it; it fires the same signed `return_request.status_changed` webhook a real move does, and charges nothing. A live key 403 `live_key`; a move the table does not allow 409; a live request 404',
        params: returnRequestIdParamsSchema,
        body: returnRequestMoveSchema,
        errors: [400, 403, 404, 409, 429],
        codes: ['live_key'],
        response: { 200: returnRequestSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.test) throw new HttpError(403, 'live_key', API_KEY_MESSAGES.testKeyOnly);
      return advanceTestReturnRequest(db, caller, request.params.id, request.body);
    },
  );
};
