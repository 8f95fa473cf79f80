import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  newWebhookEndpointSchema,
  webhookDeliveryIdParamsSchema,
  webhookDeliverySchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
} from '#shared/webhooks.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';
import {
  deliveryLog,
  type EndpointRules,
  listEndpoints,
  registerEndpoint,
  removeEndpoint,
  resendDelivery,
} from '../webhooks/endpoints.ts';

/**
 * A merchant's webhook endpoints (R-WEBHOOKS): approved merchants only (403 otherwise), each reaching
 * its own endpoints and deliveries only (another merchant's answer 404).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Database; rules: EndpointRules }> = async (app, { db, rules }) => {
  const merchantOf = (userId: string) => requireApprovedMerchant(db, userId);

  app.post(
    '/api/merchant/webhooks',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: ['merchants'],
        summary: `Register a webhook endpoint (approved merchants, at most ${LIMITS.webhookEndpointsMax}): an https address on port 443 or 1024–65535 that leads only to public unicast addresses, and the events it takes. The signing secret is in this answer only`,
        body: webhookEndpointInputSchema,
        errors: [403, 409],
        response: { 201: newWebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      const merchantId = await merchantOf(viewerOf(request).userId);
      return reply.status(201).send(await registerEndpoint(db, merchantId, request.body, rules));
    },
  );

  app.get(
    '/api/merchant/webhooks',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: ['merchants'],
        summary: 'Your webhook endpoints, newest first, without their secrets',
        errors: [403],
        response: { 200: z.array(webhookEndpointSchema) },
      },
    },
    async (request) => listEndpoints(db, await merchantOf(viewerOf(request).userId)),
  );

  app.delete(
    '/api/merchant/webhooks/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'removeWebhookEndpoint',
        tags: ['merchants'],
        summary: 'Remove one of your webhook endpoints with its delivery log: nothing more is sent to it',
        params: webhookEndpointIdParamsSchema,
        errors: [403],
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => removeEndpoint(db, await merchantOf(viewerOf(request).userId), request.params.id),
  );

  app.get(
    '/api/merchant/webhooks/:id/deliveries',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['merchants'],
        summary:
          'The latest deliveries to one of your endpoints, newest first, each with its attempts: time, response status or error, duration',
        params: webhookEndpointIdParamsSchema,
        errors: [403],
        response: { 200: z.array(webhookDeliverySchema) },
      },
    },
    async (request) => deliveryLog(db, await merchantOf(viewerOf(request).userId), request.params.id),
  );

  app.post(
    '/api/merchant/webhooks/deliveries/:id/resend',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'resendWebhookDelivery',
        tags: ['merchants'],
        summary: 'Send a delivery’s event to its endpoint again: a new series of attempts, the same event id and body',
        params: webhookDeliveryIdParamsSchema,
        errors: [403],
        response: { 201: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await resendDelivery(db, await merchantOf(viewerOf(request).userId), request.params.id)),
  );
};
