import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { englishText } from '#shared/translate.ts';
import type { PaymentEvent, PaymentFor, PaymentProvider, ProviderPayment } from './provider.ts';

/** Where the Stripe API is: Stripe's own by default; tests point it at a local stand-in. */
export interface StripeClientOptions {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
}

const PROVIDER_UNAVAILABLE = /*i18n*/ 'The card processor could not be reached. Please try again in a moment.';
const PAYMENT_IN_PROGRESS = 'A card payment for this order is being processed: try again in a minute.';

/** Same order (or consignment), amount and currency → same key, so a retried or doubled request never makes a second payment. */
const idempotencyKeyFor = (payment: PaymentFor & { amountCents: number; currency: string }) =>
  `${'orderId' in payment ? `order-${payment.orderId}` : `consignment-${payment.consignmentId}`}-${payment.amountCents}-${payment.currency}`;

function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency.toLowerCase(),
    orderId: intent.metadata?.orderId,
    consignmentId: intent.metadata?.consignmentId,
  };
}

/** Reads a webhook delivery: Stripe signs the exact bytes it sent with the endpoint's secret. */
function webhookReader(stripe: Stripe, webhookSecret: string) {
  return (rawBody: string, signature: string | undefined): PaymentEvent => {
    if (!signature) throw badRequest(/*i18n*/ 'The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest(englishText(/*i18n*/ 'The webhook signature is not valid: {message}', { message: error.message }));
      }
      throw error;
    }
    return {
      id: event.id,
      type: event.type,
      succeededPayment: event.type === 'payment_intent.succeeded' ? toProviderPayment(event.data.object) : undefined,
      declined: event.type === 'payment_intent.payment_failed',
    };
  };
}

export function createStripeProvider(
  settings: StripeSettings,
  log: FastifyBaseLogger,
  client: StripeClientOptions = {},
): PaymentProvider {
  // Retries are safe: every create carries an idempotency key, and the SDK reuses it on a retry.
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...client });

  const unavailable = (error: unknown, action: string) => {
    log.error({ err: error }, `Stripe: ${action} failed`);
    return new HttpError(502, 'payment_provider_unavailable', PROVIDER_UNAVAILABLE);
  };

  async function findPayment(id: string): Promise<ProviderPayment | undefined> {
    try {
      return toProviderPayment(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw unavailable(error, `reading PaymentIntent ${id}`);
    }
  }

  return {
    name: 'stripe',

    async startPayment(payment) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: payment.amountCents,
            currency: payment.currency,
            allowed_payment_method_types: ['card'],
            metadata: 'orderId' in payment ? { orderId: payment.orderId } : { consignmentId: payment.consignmentId },
          },
          { idempotencyKey: idempotencyKeyFor(payment) },
        );
      } catch (error) {
        throw unavailable(error, 'creating a PaymentIntent');
      }
      if (!intent.client_secret)
        throw unavailable(new Error(`PaymentIntent ${intent.id} has no client_secret`), 'creating a PaymentIntent');
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status };
    },

    findPayment,

    async releasePayment(id) {
      try {
        await stripe.paymentIntents.cancel(id);
        return 'released';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
          throw unavailable(error, `cancelling PaymentIntent ${id}`);
        // Stripe refuses to cancel an intent that already succeeded, was cancelled, or is mid-charge.
        const current = await findPayment(id);
        if (!current || current.status === 'canceled') return 'released';
        if (current.status === 'succeeded') return 'succeeded';
        throw new HttpError(409, 'conflict', PAYMENT_IN_PROGRESS);
      }
    },

    async refundPayment(id) {
      try {
        // One refund per payment: the key makes a retried refund answer the first one.
        const refund = await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
        return refund.id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new HttpError(409, 'conflict', error.message);
        throw unavailable(error, `refunding PaymentIntent ${id}`);
      }
    },

    ...(settings.webhookSecret ? { readWebhook: webhookReader(stripe, settings.webhookSecret) } : {}),
  };
}
