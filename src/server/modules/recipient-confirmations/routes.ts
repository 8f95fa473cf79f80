import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import {
  changeDecisionSchema,
  confirmationAnswerSchema,
  confirmationViewSchema,
  pendingChangeSchema,
} from '#shared/recipient-confirmation.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';
import { answerConfirmation, confirmationOfParcel, confirmationView, decideChange, setConfirmEveryCod } from './service.ts';

const tokenParamsSchema = z.object({ token: z.string().max(64) });

/**
 * Confirm before pickup (issue 44, R-CONFIRM-BEFORE-PICKUP, decision 169): the recipient's link, read and
 * answered without signing in (the token is the key); the merchant's side of a change the recipient asked for.
 */
export const recipientConfirmationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/confirmations/:token',
    {
      schema: {
        operationId: 'readRecipientConfirmation',
        tags: ['tracking'],
        summary:
          'A recipient’s confirmation link (no sign-in: the token is the key): the sender’s shop, the cash to pay and the expected days, and whether it can still be answered (until pickup)',
        params: tokenParamsSchema,
        errors: [404],
        response: { 200: confirmationViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmationView(db, request.params.token);
    },
  );

  app.post(
    '/api/confirmations/:token',
    {
      schema: {
        operationId: 'answerRecipientConfirmation',
        tags: ['tracking'],
        summary:
          'The recipient’s answer: confirm; change (a new `address` or `phone`, which waits for the merchant); or not_ordered (the parcel is held and its merchant told). 409 once the parcel is picked up',
        params: tokenParamsSchema,
        body: confirmationAnswerSchema,
        errors: [400, 404, 409],
        response: { 200: confirmationViewSchema },
      },
    },
    async (request) => answerConfirmation(db, config, app.translators, request.params.token, request.body),
  );

  app.get(
    '/api/consignments/:trackingCode/confirmation',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'readParcelConfirmation',
        tags: ['parcels'],
        summary:
          'Whether your parcel’s recipient confirmed it, and the change of address or phone they asked for, if any (null when they were not asked)',
        params: trackingCodeParamsSchema,
        errors: [401],
        response: { 200: pendingChangeSchema.nullable() },
      },
    },
    async (request) => confirmationOfParcel(db, viewerOf(request).userId, request.params.trackingCode),
  );

  app.post(
    '/api/consignments/:trackingCode/confirmation/decision',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'decideRecipientChange',
        tags: ['parcels'],
        summary:
          'Accept or decline the change of address or phone your parcel’s recipient asked for: accepted, the parcel’s address or phone is the new one (an event in its history)',
        params: trackingCodeParamsSchema,
        body: changeDecisionSchema,
        errors: [400, 401, 404],
        response: { 200: pendingChangeSchema },
      },
    },
    async (request) => decideChange(db, viewerOf(request).userId, request.params.trackingCode, request.body.accept),
  );

  app.put(
    '/api/merchant/confirm-every-cod',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'setConfirmEveryCod',
        tags: ['merchants'],
        summary:
          'Approved merchants: ask every cash-on-delivery parcel’s recipient to confirm it before pickup, or only those booked so',
        body: z.object({ confirmEveryCod: z.boolean() }),
        errors: [400, 401, 403],
        response: { 200: z.object({ confirmEveryCod: z.boolean() }) },
      },
    },
    async (request) => {
      const merchantId = await requireApprovedMerchant(db, viewerOf(request).userId);
      return setConfirmEveryCod(db, merchantId, request.body.confirmEveryCod);
    },
  );
};
