import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { orderIdParamsSchema, orderSchema } from '#shared/order.ts';
import {
  clientSecretSchema,
  createPaymentIntentSchema,
  markOrderPaidSchema,
  paymentConfigSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '#shared/payment.ts';
import { confirmOrderPayment, confirmTestPayment, readOrderToPay, startOrderPayment } from './service.ts';
import type { PaymentSetup } from './setup.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentSetup }> = async (app, { db, payments }) => {
  const { context, stripe, paymentConfig } = payments;

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
