import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sslcommerzEnv } from '../helpers/fake-sslcommerz.ts';
import { STRIPE_TEST_ENV } from '../helpers/fake-stripe.ts';
import { withBodiesInline } from '../helpers/openapi-answers.ts';
import { lintOpenApi } from '../helpers/openapi-lint.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Answer {
  description: string;
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema: { $ref?: string } }>;
}

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, Answer>;
}

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** What a client generator reads: /api/docs, the way each mode of the shop serves it. */
describe.each([
  {
    mode: 'the offline processor and metrics on',
    env: { METRICS_TOKEN },
    processorCall: {
      path: '/api/test-payments/confirm',
      operationId: 'chargeTestCard',
      statuses: ['200', '400', '401', '402', '403', '404', '409', '429', '500', '503', '4XX'],
    },
  },
  {
    mode: 'Stripe and metrics off',
    env: STRIPE_TEST_ENV,
    processorCall: {
      path: '/api/webhooks/stripe',
      operationId: 'receiveStripeEvent',
      statuses: ['200', '400', '500', '503', '4XX'],
    },
  },
  {
    mode: 'SSLCommerz',
    env: sslcommerzEnv('http://127.0.0.1:9'),
    processorCall: {
      path: '/api/sslcommerz/ipn',
      operationId: 'receiveSslcommerzIpn',
      statuses: ['200', '400', '500', '503', '4XX'],
    },
  },
])('the OpenAPI document with $mode', ({ env, processorCall }) => {
  let server: TestServer;
  let source: string;
  let document: Document;
  const operation = (method: string, path: string): Operation => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`no ${method} ${path} in the document`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer({ env });
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    source = await response.text();
    document = withBodiesInline<Document>(source);
  });
  afterAll(() => server?.stop());

  it('passes Redocly’s recommended-strict rules without an error', async () => {
    expect(await lintOpenApi(source, `${server.url}/api/docs`)).toEqual([]);
  });

  it('names the server, how each call signs in and its refusals in the error body the API answers', async () => {
    expect(document.servers).toEqual([{ url: server.url }]);
    expect(operation('post', '/api/orders')).toMatchObject({ operationId: 'placeOrder', security: [{ bearerAuth: [] }] });
    expect(Object.keys(operation('post', '/api/orders').responses)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
      '500',
      '503',
      '4XX',
    ]);
    expect(Object.keys(operation('get', '/api/allOrders').responses)).toEqual(['200', '401', '403', '500', '503', '4XX']);
    expect(operation('get', '/api/home')).toMatchObject({ operationId: 'listProducts', security: [] });
    expect(operation('put', '/api/user/{email}').security).toEqual([{ sessionCookie: [] }]);
    const { path, operationId, statuses } = processorCall;
    expect(operation('post', path).operationId).toBe(operationId);
    expect(Object.keys(operation('post', path).responses)).toEqual(statuses);
    // SSLCommerz posts form fields, read by the handler itself (R-SSLCOMMERZ), and documented all the same.
    if (operationId === 'receiveSslcommerzIpn') {
      expect(operation('post', path)).toMatchObject({
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { required: ['tran_id'] } } } },
      });
    }
    // Stripe's body and signature are read by the handler itself, and documented all the same.
    if (operationId === 'receiveStripeEvent') {
      expect(operation('post', path)).toMatchObject({
        parameters: [{ in: 'header', name: 'stripe-signature' }],
        requestBody: { content: { 'application/json': { schema: { required: ['id', 'type', 'data'] } } } },
      });
    }

    // Better Auth answers its own refusals in its own shape, which its browser client reads.
    const refusals = (inAuth: boolean) =>
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/auth/') === inAuth)
        .flatMap(([, operations]) => Object.values(operations))
        .flatMap(({ responses }) => Object.entries(responses).filter(([status]) => status.startsWith('4')))
        .map(([, response]) => response.content?.['application/json']?.schema.$ref);
    expect(new Set(refusals(false))).toEqual(new Set(['#/components/schemas/ErrorResponse']));
    expect(new Set(refusals(true))).toEqual(new Set(['#/components/schemas/AuthErrorResponse']));

    const refused = await fetch(`${server.url}/api/orders`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('describes every answer, names X-Request-Id on each, Retry-After where a client must wait, and X-Total-Count on the testimonials', async () => {
    const answers = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, { responses }]) =>
        Object.entries(responses).map(([status, answer]) => ({ at: `${method} ${path} ${status}`, status, answer })),
      ),
    );
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter(({ answer }) => !answer.description || answer.description === 'Default Response')).toEqual([]);
    expect(
      answers.filter(({ answer }) => answer.headers?.['X-Request-Id']?.$ref !== '#/components/headers/X-Request-Id'),
    ).toEqual([]);
    const mustWait = answers.filter(({ at, status }) => status === '429' || (status === '503' && !at.includes('/api/health')));
    expect(mustWait.length).toBeGreaterThan(100);
    expect(mustWait.filter(({ answer }) => answer.headers?.['Retry-After']?.$ref !== '#/components/headers/Retry-After')).toEqual(
      [],
    );
    expect(Object.keys(document.components.headers).sort()).toEqual(['Retry-After', 'X-Request-Id', 'X-Total-Count']);

    expect(operation('get', '/api/review').responses['200']?.headers).toHaveProperty('X-Total-Count');
    const testimonials = await fetch(`${server.url}/api/review`);
    expect(testimonials.headers.get('x-total-count')).toMatch(/^\d+$/);
    expect(testimonials.headers.get('x-request-id')).toEqual(expect.any(String));
  });

  it('names the probes, and /metrics only where it is served', async () => {
    expect(Object.keys(operation('get', '/api/health').responses)).toEqual(['200', '500', '503', '4XX']);
    expect(operation('get', '/api/health/ready').operationId).toBe('checkReadiness');
    const metricsOn = 'METRICS_TOKEN' in env;
    expect('/metrics' in document.paths).toBe(metricsOn);
    expect('metricsToken' in document.components.securitySchemes).toBe(metricsOn);
    if (metricsOn) {
      expect(operation('get', '/metrics')).toMatchObject({ operationId: 'readMetrics', security: [{ metricsToken: [] }] });
      const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(Object.keys(operation('get', '/metrics').responses['200']?.content ?? {})).toEqual(['text/plain']);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
      // Read to its end: an answer left half-read keeps its connection busy, and the server's stop waits for it.
      expect(await metrics.text()).toContain('# TYPE outbox_unsent gauge');
    }
  });
});
