import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from './provider.ts';
import type { PaymentContext } from './service.ts';
import { applyPaymentEvent } from './webhooks.ts';

interface WebhookRouteOptions {
  context: PaymentContext;
  readWebhook: NonNullable<PaymentProvider['readWebhook']>;
}

/** What Stripe sends, as far as the shop reads it; the handler checks the signature before reading anything. */
const stripeEventSchema = z
  .object({
    id: z.string().describe('The event’s id (`evt_…`): an event sent again is applied once.'),
    type: z
      .string()
      .describe('`payment_intent.succeeded` pays its order or parcel fee; other types are acknowledged and change nothing.'),
    data: z.object({ object: z.record(z.string(), z.unknown()).describe('The PaymentIntent, for payment events.') }),
  })
  .loose();

const stripeSignatureSchema = z.object({
  'stripe-signature': z.string().describe('`t=…,v1=…`: Stripe’s signature of the exact body with STRIPE_WEBHOOK_SECRET.'),
});

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
        readByHandler: { body: stripeEventSchema, headers: stripeSignatureSchema },
        response: {
          200: z.object({ received: z.literal(true) }).describe('The event is taken (a repeated one changes nothing).'),
        },
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
