import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  newWebhookEndpointSchema,
  webhookDeliveryIdParamsSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
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
  rotateSecret,
  sendTestEvent,
} from '../webhooks/endpoints.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

/**
 * A way in to the webhook routes: the website's (the merchant signed in, approved merchants only, 403
 * otherwise) or the merchant API's (issue 41: its key, its limit). The same operations behind both.
 */
interface Door {
  /** Each route's path written out, so a reader searching for one finds it here (docs/architecture.md). */
  paths: Record<'endpoints' | 'endpoint' | 'secret' | 'test' | 'deliveries' | 'resend', string>;
  /** Prefixed to each operation's id, so both documents' ids stay unique and say which door. */
  operation: (name: string) => string;
  tags: string[];
  hooks: ApiKeyHooks | { onRequest: FastifyInstance['requireUser'] };
  merchantOf: (request: FastifyRequest) => Promise<string>;
}

/**
 * A merchant's webhook endpoints (R-WEBHOOKS) on the website and through the API, each reaching its own
 * endpoints and deliveries only (another merchant's answer 404).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Database; rules: EndpointRules; keyed: ApiKeyHooks }> = async (
  app,
  { db, rules, keyed },
) => {
  const doors: Door[] = [
    {
      paths: {
        endpoints: '/api/merchant/webhooks',
        endpoint: '/api/merchant/webhooks/:id',
        secret: '/api/merchant/webhooks/:id/secret',
        test: '/api/merchant/webhooks/:id/test',
        deliveries: '/api/merchant/webhooks/:id/deliveries',
        resend: '/api/merchant/webhooks/deliveries/:id/resend',
      },
      operation: (name) => name,
      tags: ['merchants'],
      hooks: { onRequest: app.requireUser },
      merchantOf: (request) => requireApprovedMerchant(db, viewerOf(request).userId),
    },
    {
      paths: {
        endpoints: '/api/v1/webhooks',
        endpoint: '/api/v1/webhooks/:id',
        secret: '/api/v1/webhooks/:id/secret',
        test: '/api/v1/webhooks/:id/test',
        deliveries: '/api/v1/webhooks/:id/deliveries',
        resend: '/api/v1/webhooks/deliveries/:id/resend',
      },
      operation: (name) => `v1${name[0]?.toUpperCase()}${name.slice(1)}`,
      tags: ['v1'],
      hooks: keyed,
      merchantOf: async (request) => callerOf(request).merchantId,
    },
  ];
  for (const door of doors) {
    const { paths, operation, tags, hooks, merchantOf } = door;
    // The website's 403 for a customer who is not an approved merchant; a key belongs to one already.
    const refusals = paths.endpoints.startsWith('/api/v1/') ? ([429] as const) : ([403] as const);

    app.post(
      paths.endpoints,
      {
        ...hooks,
        schema: {
          operationId: operation('createWebhookEndpoint'),
          tags,
          summary: `Register a webhook endpoint (approved merchants, at most ${LIMITS.webhookEndpointsMax}): an https address on port 443 or 1024–65535 that leads only to public unicast addresses, and the events it takes. The signing secret is in this answer only`,
          body: webhookEndpointInputSchema,
          errors: [...refusals, 409],
          response: { 201: newWebhookEndpointSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await registerEndpoint(db, await merchantOf(request), request.body, rules)),
    );

    app.get(
      paths.endpoints,
      {
        ...hooks,
        schema: {
          operationId: operation('listWebhookEndpoints'),
          tags,
          summary: 'Your webhook endpoints, newest first, without their secrets',
          errors: refusals,
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => listEndpoints(db, await merchantOf(request)),
    );

    app.delete(
      paths.endpoint,
      {
        ...hooks,
        schema: {
          operationId: operation('removeWebhookEndpoint'),
          tags,
          summary: 'Remove one of your webhook endpoints with its delivery log: nothing more is sent to it',
          params: webhookEndpointIdParamsSchema,
          errors: refusals,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) => removeEndpoint(db, await merchantOf(request), request.params.id),
    );

    app.post(
      paths.secret,
      {
        ...hooks,
        schema: {
          operationId: operation('rotateWebhookSecret'),
          tags,
          summary:
            'A new signing secret for one of your endpoints, in this answer only: every attempt from now on is signed with it, retries of earlier events too, and the old secret stops at once',
          params: webhookEndpointIdParamsSchema,
          errors: refusals,
          response: { 200: newWebhookEndpointSchema },
        },
      },
      async (request) => rotateSecret(db, await merchantOf(request), request.params.id),
    );

    app.post(
      paths.test,
      {
        ...hooks,
        schema: {
          operationId: operation('sendWebhookTestEvent'),
          tags,
          summary:
            'Send one of your endpoints a `webhook.test` event, signed like every other, whatever events it takes: its delivery, with its attempts in the log as they are made',
          params: webhookEndpointIdParamsSchema,
          errors: refusals,
          response: { 201: webhookDeliverySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await sendTestEvent(db, await merchantOf(request), request.params.id)),
    );

    app.get(
      paths.deliveries,
      {
        ...hooks,
        schema: {
          operationId: operation('listWebhookDeliveries'),
          tags,
          summary:
            'The latest deliveries to one of your endpoints, newest first, each with its attempts: time, response status or error, duration',
          params: webhookEndpointIdParamsSchema,
          errors: refusals,
          response: { 200: webhookDeliveryListSchema },
        },
      },
      async (request) => deliveryLog(db, await merchantOf(request), request.params.id),
    );

    app.post(
      paths.resend,
      {
        ...hooks,
        schema: {
          operationId: operation('resendWebhookDelivery'),
          tags,
          summary: 'Send a delivery’s event to its endpoint again: a new series of attempts, the same event id and body',
          params: webhookDeliveryIdParamsSchema,
          errors: refusals,
          response: { 201: webhookDeliverySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await resendDelivery(db, await merchantOf(request), request.params.id)),
    );
  }
};
