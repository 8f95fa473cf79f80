import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/** Stripe mode's environment for a test server; pair it with `payments: { stripeClient: fake.clientOptions }`. */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_storefront',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_storefront',
  STRIPE_WEBHOOK_SECRET: 'whsec_storefront_test',
} as const;

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as Stripe's SDK sends it, keys as written: `metadata[orderId]`. */
  form: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

/** A refund as Stripe answers it: the whole amount of one succeeded PaymentIntent. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

export interface FakeStripe {
  /** The options our Stripe adapter takes to talk to this stand-in instead of api.stripe.com. */
  clientOptions: { host: string; port: number; protocol: 'http' };
  requests: FakeStripeRequest[];
  intents: Map<string, FakePaymentIntent>;
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
  /** What a customer's browser does with Stripe.js: confirm the card so the intent succeeds. */
  succeed(id: string): FakePaymentIntent;
  /** Adds an intent Stripe knows about but our shop did not create (a payment made elsewhere). */
  addIntent(fields: Partial<FakePaymentIntent> & Pick<FakePaymentIntent, 'amount'>): FakePaymentIntent;
  /** The next `times` requests get this status and Stripe error body. */
  failNext(status: number, error: { type: string; code?: string; message: string }, times?: number): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body });

/** A local HTTP server that answers the few Stripe API calls the shop makes, the way Stripe does. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  const byIdempotencyKey = new Map<string, { form: string; intent: FakePaymentIntent }>();
  const failures: { status: number; error: object }[] = [];

  const newIntent = (fields: Partial<FakePaymentIntent> & Pick<FakePaymentIntent, 'amount'>): FakePaymentIntent => {
    const id = fields.id ?? `pi_fake${randomBytes(8).toString('hex')}`;
    const intent: FakePaymentIntent = {
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: {},
      ...fields,
      id,
    };
    intents.set(id, intent);
    return intent;
  };

  const answer = (request: FakeStripeRequest): { status: number; body: unknown } => {
    const failure = failures.shift();
    if (failure) return json(failure.status, { error: failure.error });
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const formText = JSON.stringify(request.form);
      const earlier = key ? byIdempotencyKey.get(key) : undefined;
      if (earlier) {
        if (earlier.form !== formText) {
          return json(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters.',
            },
          });
        }
        return json(200, earlier.intent);
      }
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.form)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent = newIntent({ amount: Number(request.form.amount), currency: request.form.currency ?? 'usd', metadata });
      if (key) byIdempotencyKey.set(key, { form: formText, intent });
      return json(200, intent);
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const earlier = key ? refundsByKey.get(key) : undefined;
      if (earlier) return json(200, earlier);
      const intent = intents.get(request.form.payment_intent ?? '');
      if (!intent)
        return json(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      if ([...refunds.values()].some((refund) => refund.payment_intent === intent.id))
        return json(400, {
          error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
        });
      if (intent.status !== 'succeeded')
        return json(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          },
        });
      const refund: FakeRefund = {
        id: `re_fake${randomBytes(8).toString('hex')}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      if (key) refundsByKey.set(key, refund);
      return json(200, refund);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel?.[1]) {
      const intent = intents.get(decodeURIComponent(cancel[1]));
      if (!intent)
        return json(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
        return json(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return json(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(decodeURIComponent(retrieve[1]));
      if (intent) return json(200, intent);
      return json(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${retrieve[1]}'`,
          param: 'intent',
        },
      });
    }
    return json(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path}).` },
    });
  };

  const server = createServer((incoming, outgoing) => {
    let text = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      text += chunk;
    });
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake-stripe');
      const request: FakeStripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        headers: incoming.headers,
        form: Object.fromEntries(new URLSearchParams(text)),
      };
      requests.push(request);
      const { status, body } = answer(request);
      outgoing.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      outgoing.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    intents,
    refunds,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    addIntent: newIntent,
    failNext(status, error, times = 1) {
      for (let count = 0; count < times; count++) failures.push({ status, error });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface StripeTestServer extends TestServer {
  /** The stand-in for the Stripe API this server talks to; `stop()` closes it too. */
  fake: FakeStripe;
}

/**
 * A test server in Stripe mode (STRIPE_TEST_ENV, and `env` on top: an empty value unsets a key) whose
 * Stripe API is a fake of its own.
 */
export async function startStripeTestServer(options: Omit<TestServerOptions, 'payments'> = {}): Promise<StripeTestServer> {
  const fake = await startFakeStripe();
  try {
    const server = await startTestServer({
      ...options,
      env: { ...STRIPE_TEST_ENV, ...options.env },
      payments: { stripeClient: fake.clientOptions },
    });
    return {
      ...server,
      fake,
      async stop() {
        await server.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}
