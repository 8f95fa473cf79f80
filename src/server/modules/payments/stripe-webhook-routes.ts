import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from './provider.ts';
import type { PaymentContext } from './service.ts';
import { applyPaymentEvent } from './webhooks.ts';

interface WebhookRouteOptions {
  context: PaymentContext;
  readWebhook: NonNullable<PaymentProvider['readWebhook']>;
}

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route keeps
 * the raw JSON text: its parser lives in this plugin only, and every other route parses JSON as usual.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { context, readWebhook }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/webhooks/stripe',
    {
      schema: {
        operationId: 'receiveStripeEvent',
        tags: ['payments'],
        summary: 'Stripe events, signed with STRIPE_WEBHOOK_SECRET; payment_intent.succeeded pays its order',
        errors: [400],
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = readWebhook(String(request.body ?? ''), Array.isArray(signature) ? signature[0] : signature);
      const outcome = await applyPaymentEvent(context, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
      return { received: true as const };
    },
  );
};
