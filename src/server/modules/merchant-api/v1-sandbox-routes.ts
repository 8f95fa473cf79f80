import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';
import { consignmentSchema, trackingCodeParamsSchema } from '#shared/consignment.ts';
import { API_KEY_MESSAGES } from '#shared/merchant-api.ts';
import { sandboxAdvanceSchema } from '#shared/sandbox.ts';
import { advanceTestParcel, type MoveContext, presentConsignment } from '../consignments/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';
import { withApiLabel } from './v1-reference-routes.ts';

/**
 * The sandbox (issue 41, R-SANDBOX, decision 155): a test key's parcels moved on request, so a shop tries
 * its integration, webhooks included, end to end without a parcel. Under `/api/v1/test/` so that no live
 * route is ever mistaken for it.
 */
export const v1SandboxRoutes: FastifyPluginAsyncZod<{ config: Config; keyed: ApiKeyHooks; moves: MoveContext }> = async (
  app,
  { config, keyed, moves },
) => {
  app.post(
    '/api/v1/test/consignments/:trackingCode/advance',
    {
      ...keyed,
      // A POST with no body is the commonest call (the next status): read as an empty request.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'v1AdvanceTestConsignment',
        tags: ['v1'],
        summary:
          'Sandbox: move one of your test parcels (booked with a test key, `sk_test_…`) to its next status on the way, or to the status `to` names when a parcel where it is may move there; the move fires the same signed `consignment.status_changed` webhook a real one does. A live key is refused (403 `live_key`); a parcel at its end, or a move the table does not allow, 409; a live parcel or another sender’s 404',
        params: trackingCodeParamsSchema,
        body: sandboxAdvanceSchema,
        errors: [400, 403, 404, 409, 429],
        codes: ['live_key'],
        response: { 200: consignmentSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.test) throw new HttpError(403, 'live_key', API_KEY_MESSAGES.testKeyOnly);
      const moved = await advanceTestParcel(moves, caller, request.params.trackingCode, request.body);
      return withApiLabel(config, presentConsignment(config, moved));
    },
  );
};
