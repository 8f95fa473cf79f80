import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { PaymentConfig } from '#shared/payment.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import { createOfflineProcessor } from './offline-processor.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentContext } from './service.ts';
import type { StripeClientOptions } from './stripe-provider.ts';

export interface PaymentOptions {
  /** Where the Stripe API is (tests point it at a local stand-in); Stripe's own by default. */
  stripeClient?: StripeClientOptions;
}

export interface PaymentSetup {
  context: PaymentContext;
  paymentConfig: PaymentConfig;
}

/**
 * The card processor the configuration asks for: Stripe when its keys are set, else the built-in offline
 * processor. Made once per app, because both the payment routes and order cancels use it. Stripe's SDK is
 * loaded only when its keys are set: it was a tenth of every start-up of a shop that does not use it.
 */
export async function createPaymentSetup(
  orders: OrderLifecycle,
  config: Config,
  log: FastifyBaseLogger,
  options: PaymentOptions = {},
): Promise<PaymentSetup> {
  const { db } = orders;
  const provider: PaymentProvider = config.stripe
    ? (await import('./stripe-provider.ts')).createStripeProvider(config.stripe, log, options.stripeClient)
    : createOfflineProcessor(db);
  if (!config.stripe && config.env === 'production') {
    log.warn('Payments use the built-in test processor: no card is really charged. Set the STRIPE_* keys to take payments.');
  }
  if (config.stripe && !provider.readWebhook) {
    log.warn('STRIPE_WEBHOOK_SECRET is not set: orders are marked paid only when the customer’s browser reports the payment.');
  }
  return {
    context: { db, orders, provider, currency: config.currency, log },
    paymentConfig: config.stripe
      ? { provider: 'stripe', currency: config.currency, publishableKey: config.stripe.publishableKey }
      : { provider: 'test', currency: config.currency },
  };
}
