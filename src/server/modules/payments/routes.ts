import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import { consignmentSchema, trackingCodeParamsSchema } from '#shared/consignment.ts';
import { orderIdParamsSchema, orderSchema } from '#shared/order.ts';
import {
  clientSecretSchema,
  createPaymentIntentSchema,
  markOrderPaidSchema,
  paymentConfigSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '#shared/payment.ts';
import { presentConsignment } from '../consignments/service.ts';
import { confirmFeePayment, startFeePayment } from './consignment-fee.ts';
import { chargeTestCard } from './offline-processor.ts';
import { confirmOrderPayment, readOrderToPay, startOrderPayment } from './service.ts';
import type { PaymentSetup } from './setup.ts';
import { sslcommerzRoutes } from './sslcommerz-routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

interface PaymentRouteOptions {
  db: Database;
  payments: PaymentSetup;
  config: Config;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { db, payments, config }) => {
  const { rateLimits } = config;
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
        errors: [403, 404, 409, 502],
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
        errors: [403, 409, 502],
        response: { 200: orderSchema },
      },
    },
    async (request) => confirmOrderPayment(context, viewerOf(request), request.params.id, request.body.transactionId),
  );

  app.post(
    '/api/consignments/:trackingCode/payment-intent',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'startFeePayment',
        tags: ['parcels'],
        summary:
          'Start paying a parcel’s delivery fee by card (its sender only): the amount is the total it was booked at, in taka; asking again gives the same payment',
        params: trackingCodeParamsSchema,
        errors: [404, 409, 502],
        response: { 200: clientSecretSchema },
      },
    },
    async (request) => startFeePayment(context, viewerOf(request), request.params.trackingCode),
  );

  app.patch(
    '/api/consignments/:trackingCode/payment',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'payFee',
        tags: ['parcels'],
        summary: 'Mark a parcel’s fee paid, once the card processor confirms the payment for this parcel and amount',
        params: trackingCodeParamsSchema,
        body: markOrderPaidSchema,
        errors: [404, 409, 502],
        response: { 200: consignmentSchema },
      },
    },
    async (request) =>
      presentConsignment(
        config,
        await confirmFeePayment(context, viewerOf(request), request.params.trackingCode, request.body.transactionId),
      ),
  );

  if (provider.readWebhook) await app.register(stripeWebhookRoutes, { context, readWebhook: provider.readWebhook });
  if (provider.hostedCheckout) await app.register(sslcommerzRoutes, { context, rateLimits });
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
        summary: 'Test processor: charge a test card for your order or your parcel’s fee (402 with the card’s refusal)',
        body: testConfirmSchema,
        errors: [402, 403, 404, 409],
        response: { 200: testConfirmResultSchema },
      },
    },
    async (request) => chargeTestCard(context, viewerOf(request), request.body.clientSecret, request.body.card),
  );
};
