import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, orderSchema } from '../../../shared/order.ts';
import {
  clientSecretSchema,
  createPaymentIntentSchema,
  markOrderPaidSchema,
  type PaymentConfig,
  paymentConfigSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '../../../shared/payment.ts';
import { viewerOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmOrderPayment, confirmTestPayment, type PaymentContext, readOrderToPay, startOrderPayment } from './service.ts';
import { createStripeProvider, type StripeClientOptions, type StripeProvider } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';
import { createTestProcessor } from './test-processor.ts';

export interface PaymentOptions {
  /** Where the Stripe API is (tests point it at a local stand-in); Stripe's own by default. */
  stripeClient?: StripeClientOptions;
}

export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config } & PaymentOptions> = async (
  app,
  { db, config, stripeClient },
) => {
  const stripe: StripeProvider | undefined = config.stripe
    ? createStripeProvider(config.stripe, app.log, stripeClient)
    : undefined;
  const provider: PaymentProvider = stripe ?? createTestProcessor(db);
  const context: PaymentContext = { db, provider, currency: config.currency, log: app.log };
  const paymentConfig: PaymentConfig = config.stripe
    ? { provider: 'stripe', currency: config.currency, publishableKey: config.stripe.publishableKey }
    : { provider: 'test', currency: config.currency };
  if (!stripe && config.env === 'production') {
    app.log.warn('Payments use the built-in test processor: no card is really charged. Set the STRIPE_* keys to take payments.');
  }
  if (stripe && !stripe.acceptsWebhooks) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: orders are marked paid only when the customer’s browser reports the payment.',
    );
  }

  app.get(
    '/api/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card processor is active (and Stripe’s publishable key)',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => paymentConfig,
  );

  app.get(
    '/api/payment/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'The order to pay (its owner only)',
        params: orderIdParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => readOrderToPay(db, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/create-payment-intent',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Start paying an order: the amount is the order’s; asking again gives the same payment',
        body: createPaymentIntentSchema,
        response: { 200: clientSecretSchema },
      },
    },
    async (request) => startOrderPayment(context, viewerOf(request), request.body.orderId),
  );

  app.patch(
    '/api/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Mark an order paid, once the card processor confirms the payment for this order and amount',
        params: orderIdParamsSchema,
        body: markOrderPaidSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => confirmOrderPayment(context, viewerOf(request), request.params.id, request.body.transactionId),
  );

  if (stripe) {
    if (stripe.acceptsWebhooks) await app.register(stripeWebhookRoutes, { context, provider: stripe });
    return;
  }

  app.post(
    '/api/test-payments/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Test processor: charge a test card for your order (402 with the card’s refusal)',
        body: testConfirmSchema,
        response: { 200: testConfirmResultSchema },
      },
    },
    async (request) => confirmTestPayment(context, viewerOf(request), request.body.clientSecret, request.body.card),
  );
};
