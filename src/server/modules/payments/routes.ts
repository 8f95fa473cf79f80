import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { RateLimits } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import { orderIdParamsSchema, orderSchema } from '#shared/order.ts';
import {
  clientSecretSchema,
  createPaymentIntentSchema,
  markOrderPaidSchema,
  paymentConfigSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '#shared/payment.ts';
import { chargeTestCard } from './offline-processor.ts';
import { confirmOrderPayment, readOrderToPay, startOrderPayment } from './service.ts';
import type { PaymentSetup } from './setup.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentSetup; rateLimits: RateLimits }> = async (
  app,
  { db, payments, rateLimits },
) => {
  const { context, paymentConfig } = payments;
  const { provider } = context;

  app.get(
    '/api/payment-config',
    {
      schema: {
        operationId: 'getPaymentConfig',
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
        operationId: 'getOrderToPay',
        tags: ['payments'],
        summary: 'The order to pay (its owner only)',
        params: orderIdParamsSchema,
        errors: [403],
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
        operationId: 'startPayment',
        tags: ['payments'],
        summary: 'Start paying an order: the amount is the order’s; asking again gives the same payment',
        body: createPaymentIntentSchema,
        errors: [403, 404, 409],
        response: { 200: clientSecretSchema },
      },
    },
    async (request) => startOrderPayment(context, viewerOf(request), request.body.orderId),
  );

  // A payment route although its path is the original client's /api/orders/{id} (R-API): it confirms the order's payment.
  app.patch(
    '/api/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'payOrder',
        tags: ['payments'],
        summary: 'Mark an order paid, once the card processor confirms the payment for this order and amount',
        params: orderIdParamsSchema,
        body: markOrderPaidSchema,
        errors: [403, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) => confirmOrderPayment(context, viewerOf(request), request.params.id, request.body.transactionId),
  );

  if (provider.readWebhook) await app.register(stripeWebhookRoutes, { context, readWebhook: provider.readWebhook });
  if (provider.name !== 'test') return;

  app.post(
    '/api/test-payments/confirm',
    {
      onRequest: app.requireUser,
      // Card testing: many cards tried against one order (R-FLOOD). A client secret opens one order's payment.
      config: floodLimit({
        max: rateLimits.cardAttemptsPerOrder,
        windowMs: RATE_LIMIT_WINDOWS.cardAttempt,
        what: /*i18n*/ 'card attempts for this order',
        key: (request) => String((request.body as { clientSecret: string }).clientSecret).split('_secret_')[0] ?? '',
      }),
      schema: {
        operationId: 'chargeTestCard',
        tags: ['payments'],
        summary: 'Test processor: charge a test card for your order (402 with the card’s refusal)',
        body: testConfirmSchema,
        errors: [402, 403, 404, 409],
        response: { 200: testConfirmResultSchema },
      },
    },
    async (request) => chargeTestCard(context, viewerOf(request), request.body.clientSecret, request.body.card),
  );
};
