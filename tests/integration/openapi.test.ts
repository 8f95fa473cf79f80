import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_TEST_ENV } from '../helpers/fake-stripe.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const lintConfig = createConfig({
  extends: ['recommended'],
  // The API belongs to the shop and is offered to nobody under a licence, so there is none to name.
  rules: { 'info-license': 'off' },
});

/** What a client generator reads: /api/docs, the way each mode of the shop serves it. */
describe.each([
  {
    mode: 'the offline processor',
    env: {},
    processorCall: {
      path: '/api/test-payments/confirm',
      operationId: 'chargeTestCard',
      statuses: ['200', '400', '401', '402', '403', '404', '409', '429', '4XX'],
    },
  },
  {
    mode: 'Stripe',
    env: STRIPE_TEST_ENV,
    processorCall: { path: '/api/webhooks/stripe', operationId: 'receiveStripeEvent', statuses: ['200', '400', '4XX'] },
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
    document = JSON.parse(source) as Document;
  });
  afterAll(() => server?.stop());

  it('passes Redocly’s recommended rules without an error or a warning', async () => {
    const problems = await lintFromString({ source, absoluteRef: `${server.url}/api/docs`, config: await lintConfig });
    expect(
      problems.map(({ severity, ruleId, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`),
    ).toEqual([]);
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
      '4XX',
    ]);
    expect(Object.keys(operation('get', '/api/allOrders').responses)).toEqual(['200', '401', '403', '4XX']);
    expect(operation('get', '/api/home')).toMatchObject({ operationId: 'listProducts', security: [] });
    expect(operation('put', '/api/user/{email}').security).toEqual([{ sessionCookie: [] }]);
    const { path, operationId, statuses } = processorCall;
    expect(operation('post', path).operationId).toBe(operationId);
    expect(Object.keys(operation('post', path).responses)).toEqual(statuses);

    const refusals = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap(({ responses }) => Object.entries(responses).filter(([status]) => status.startsWith('4')))
      .map(([, response]) => response.content?.['application/json']?.schema.$ref);
    expect(new Set(refusals)).toEqual(new Set(['#/components/schemas/ErrorResponse']));

    const refused = await fetch(`${server.url}/api/orders`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });
});
