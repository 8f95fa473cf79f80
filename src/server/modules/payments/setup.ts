import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
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
 * The card processor the configuration asks for: SSLCommerz or Stripe, else the built-in offline
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
  const provider = await providerOf(config, db, log, options);
  if (provider.name === 'test' && config.env === 'production') {
    log.warn(
      'Payments use the built-in test processor: no card is really charged. Set the SSLCOMMERZ_* or STRIPE_* keys to take payments.',
    );
  }
  if (provider.name === 'stripe' && !provider.readWebhook) {
    log.warn('STRIPE_WEBHOOK_SECRET is not set: orders are marked paid only when the customer’s browser reports the payment.');
  }
  return {
    context: { db, orders, provider, currency: config.currency, log },
    paymentConfig:
      provider.name === 'stripe' && config.stripe
        ? { provider: 'stripe', currency: config.currency, publishableKey: config.stripe.publishableKey }
        : { provider: provider.name === 'sslcommerz' ? 'sslcommerz' : 'test', currency: config.currency },
  };
}

/** R-SSLCOMMERZ: the processor config.paymentProvider names (PAYMENT_PROVIDER, or the keys that are set). */
async function providerOf(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  options: PaymentOptions,
): Promise<PaymentProvider> {
  if (config.paymentProvider === 'sslcommerz' && config.sslcommerz)
    return (await import('./sslcommerz-provider.ts')).createSslcommerzProvider(
      db,
      { ...config.sslcommerz, publicUrl: config.publicUrl },
      log,
    );
  if (config.paymentProvider === 'stripe' && config.stripe)
    return (await import('./stripe-provider.ts')).createStripeProvider(config.stripe, log, options.stripeClient);
  return createOfflineProcessor(db);
}
