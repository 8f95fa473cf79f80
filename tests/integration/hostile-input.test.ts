import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits.ts';
import { addProduct } from '../helpers/catalog.ts';
import { insertOrder } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { shopState } from '../helpers/shop-state.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Streams `bytes` of body; answers the status and whether all of it had been sent when the answer came. */
function postLarge(server: TestServer, path: string, bytes: number, options: { chunked?: boolean; token?: string } = {}) {
  return new Promise<{ status: number; sentAll: boolean }>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', origin: server.url };
    if (!options.chunked) headers['content-length'] = bytes;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answer: { status: number; sentAll: boolean } | undefined;
    const outgoing = request(new URL(path, server.url), { method: 'POST', headers }, (response) => {
      answer = { status: response.statusCode ?? 0, sentAll: sent >= bytes };
      response.resume();
      response.on('end', () => resolve(answer as { status: number; sentAll: boolean }));
    });
    // The server may hang up on the rest of the body once it has answered.
    outgoing.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    const pump = () => {
      while (sent < bytes && !answer) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      outgoing.end();
    };
    pump();
  });
}

describe.each(testDatabaseKinds())('hostile input on %s', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;
  let admin: SignedInCustomer;
  let productId: string;
  let orderId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    [customer, admin] = await Promise.all([signUpCustomer(server), signInAdmin(server)]);
    productId = (await addProduct(server, admin))._id;
    orderId = await insertOrder(server, customer);
  });
  afterAll(() => server?.stop());

  describe('a NUL byte in a text field is a 400 naming the field, and nothing changes (R-TEXT)', () => {
    const nul = (text: string) => `${text}\u0000`;
    const review = { reviewPhoto: 'https://photos.example.com/me.jpg', reviewRating: 5, reviewDescription: 'Fine.' };
    const product = { name: 'Router', price: '10', description: 'Small.', minQuantity: 1, maxQuantity: 2, availableQuantity: 3 };
    const cases: [string, () => [string, string, { body?: unknown; token?: string }], string][] = [
      [
        'review description',
        () => ['POST', '/api/review', { token: customer.token, body: { ...review, reviewDescription: nul('Hi') } }],
        'reviewDescription',
      ],
      [
        'review photo',
        () => [
          'POST',
          '/api/review',
          { token: customer.token, body: { ...review, reviewPhoto: nul('https://a.example/p.png') } },
        ],
        'reviewPhoto',
      ],
      [
        'product name',
        () => [
          'POST',
          '/api/addProduct',
          { token: admin.token, body: { ...product, name: nul('Router'), picture: 'https://a.example/p.png' } },
        ],
        'name',
      ],
      [
        'product picture',
        () => ['POST', '/api/addProduct', { token: admin.token, body: { ...product, picture: nul('https://a.example/p.png') } }],
        'picture',
      ],
      [
        'product update',
        () => [
          'PUT',
          `/api/purchase/${productId}`,
          { token: admin.token, body: { ...product, description: nul('x'), picture: 'https://a.example/p.png' } },
        ],
        'description',
      ],
      [
        'profile address',
        () => [
          'PUT',
          `/api/userInfo/${customer.email}`,
          { token: customer.token, body: { address: nul('1 Road'), phoneNumber: '0123456789' } },
        ],
        'address',
      ],
      [
        'orders email',
        () => ['GET', `/api/orders?email=${encodeURIComponent(nul(customer.email))}`, { token: customer.token }],
        'email',
      ],
      [
        'payment id',
        () => ['PATCH', `/api/orders/${orderId}`, { token: customer.token, body: { transactionId: 'pi_1', payment: nul('x') } }],
        'payment',
      ],
    ];
    it.each(cases)('%s', async (_name, build, field) => {
      const before = await shopState(server);
      const [method, path, options] = build();
      const answer = await call(server, method, path, options);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields?.[field]).toMatch(/must not contain control characters$/);
      expect(await shopState(server)).toEqual(before);
    });

    it.each([
      ['sign-up name', '/api/auth/sign-up/email', { name: nul('Eve'), email: 'eve@example.com', password: 'secret123' }],
      ['sign-up email', '/api/auth/sign-up/email', { name: 'Eve', email: nul('eve@example.com'), password: 'secret123' }],
      ['sign-in email', '/api/auth/sign-in/email', { email: nul('eve@example.com'), password: 'secret123' }],
    ])('%s (Better Auth)', async (_name, path, body) => {
      const before = await shopState(server);
      const answer = await call(server, 'POST', path, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/must not contain control characters$/);
      expect(await shopState(server)).toEqual(before);
    });

    it('the signed-in name change of Better Auth', async () => {
      const answer = await call(server, 'POST', '/api/auth/update-user', { cookie: customer.cookie, body: { name: nul('Eve') } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('name must not contain control characters');
    });
  });

  describe('bodies are bounded (R-BOUNDS)', () => {
    it(`refuses a 50 MB sign-in body with 413 without reading it (limit ${LIMITS.authBodyMaxBytes / 1024} KB)`, async () => {
      const answer = await postLarge(server, '/api/auth/sign-in/email', 50 * 1024 * 1024);
      expect(answer.status).toBe(413);
      expect(answer.sentAll).toBe(false);
    });

    it('refuses a chunked sign-in body once it passes the limit', async () => {
      expect((await postLarge(server, '/api/auth/sign-in/email', 2 * 1024 * 1024, { chunked: true })).status).toBe(413);
    });

    it('refuses a 2 MB JSON body on an API route', async () => {
      expect((await postLarge(server, '/api/orders', 2 * 1024 * 1024, { token: customer.token })).status).toBe(413);
    });

    it('still signs in with an ordinary body', async () => {
      const answer = await call(server, 'POST', '/api/auth/sign-in/email', {
        body: { email: customer.email, password: 'secret123' },
      });
      expect(answer.status).toBe(200);
    });
  });
});
