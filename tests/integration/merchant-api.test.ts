import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema.ts';
import type { Booking, Consignment } from '#shared/consignment.ts';
import type { LedgerPage } from '#shared/merchant.ts';
import type { ApiKey, NewApiKey } from '#shared/merchant-api.ts';
import type { Quote } from '#shared/quote.ts';
import { WEBHOOK_SENT_TYPES } from '#shared/webhooks.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { lintOpenApi } from '../helpers/openapi-lint.ts';
import { type DocumentWithWebhooks, WebhookChecker } from '../helpers/openapi-webhooks.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 30: the merchant API, `/api/v1`, with keys the merchant makes and revokes. */
describe('the merchant API and its keys', () => {
  let server: TestServer;
  let merchant: SignedInCustomer;
  let other: SignedInCustomer;
  let key: NewApiKey;
  beforeAll(async () => {
    // Eight calls a minute per key, so the limit is reached in a test.
    server = await startTestServer({ env: { API_REQUESTS_PER_MERCHANT: '8' } });
    const admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    other = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
    await approvedMerchant(server, admin, other);
  });
  afterAll(() => server?.stop());

  // biome-ignore lint/suspicious/noExplicitAny: as `call` does, tests read answer bodies as loosely as a client script would
  const v1 = <T = any>(
    method: string,
    path: string,
    bearer: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    call<T>(server, method, `/api/v1${path}`, { ...options, headers: { authorization: `Bearer ${bearer}`, ...options.headers } });

  it('a merchant makes a key, shown once and kept as a hash; customers who are not merchants get none', async () => {
    const customer = await signUpCustomer(server);
    expect(
      (await call(server, 'POST', '/api/merchant/api-keys', { token: customer.token, body: { name: 'My shop' } })).status,
    ).toBe(403);
    expect((await call(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: ' ' } })).status).toBe(
      400,
    );
    const made = await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', {
      token: merchant.token,
      body: { name: 'Shopify store' },
    });
    expect(made.status).toBe(201);
    key = made.body;
    // A live key unless asked for a test one (R-SANDBOX).
    expect(key.key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(`${key.key.slice(0, 15)}…`);
    const listed = await call<ApiKey[]>(server, 'GET', '/api/merchant/api-keys', { token: merchant.token });
    expect(listed.body).toEqual([
      {
        id: key.id,
        name: 'Shopify store',
        prefix: key.prefix,
        test: false,
        createdAt: key.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
  });

  it('books with an Idempotency-Key once, reads its own parcels only, quotes and reads the ledger', async () => {
    expect((await v1('GET', '/quote?from=dhaka-gulshan&to=dhaka-mirpur&weightGrams=500', 'sk_not-a-key')).status).toBe(401);
    expect((await call(server, 'GET', '/api/v1/ledger')).status).toBe(401);
    const first = await v1<Booking>('POST', '/consignments', key.key, {
      body: STANDARD_PARCEL,
      headers: { 'idempotency-key': 'order-1001' },
    });
    expect(first.status).toBe(201);
    const again = await v1<Booking>('POST', '/consignments', key.key, {
      body: STANDARD_PARCEL,
      headers: { 'idempotency-key': 'order-1001' },
    });
    expect(again.body).toEqual(first.body);
    // The recipient is texted as for a booking on the site: once, however often the key is repeated.
    const texts = await server.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.kind, 'parcel-booked'), like(smsOutbox.text, `%${first.body.trackingCode}%`)));
    expect(texts).toHaveLength(1);
    const reused = await v1('POST', '/consignments', key.key, {
      body: { ...STANDARD_PARCEL, weightGrams: 900 },
      headers: { 'idempotency-key': 'order-1001' },
    });
    expect([reused.status, reused.body.error.code]).toEqual([422, 'idempotency_key_reused']);
    const parcel = await v1<Consignment>('GET', `/consignments/${first.body.trackingCode}`, key.key);
    expect(parcel.body).toMatchObject({ trackingCode: first.body.trackingCode, status: 'booked', proofOfDelivery: null });
    const theirs = await call<Booking>(server, 'POST', '/api/consignments', { token: other.token, body: STANDARD_PARCEL });
    expect((await v1('GET', `/consignments/${theirs.body.trackingCode}`, key.key)).status).toBe(404);
    const quote = await v1<Quote>('GET', '/quote?from=dhaka-gulshan&to=cumilla-debidwar&weightGrams=800', key.key);
    expect(quote.body.options.length).toBeGreaterThan(0);
    const ledger = await v1<LedgerPage>('GET', '/ledger', key.key);
    expect(ledger.body).toEqual({ lines: [], older: null, newer: null, balance: 0 });
    const [listed] = (await call<ApiKey[]>(server, 'GET', '/api/merchant/api-keys', { token: merchant.token })).body;
    expect(listed?.lastUsedAt).toEqual(expect.any(String));
  });

  it('a revoked key is refused from the next call on', async () => {
    const fresh = (
      await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: 'Second' } })
    ).body;
    expect((await v1('GET', '/ledger', fresh.key)).status).toBe(200);
    expect((await call(server, 'DELETE', `/api/merchant/api-keys/${fresh.id}`, { token: other.token })).status).toBe(404);
    const revoked = await call<ApiKey>(server, 'DELETE', `/api/merchant/api-keys/${fresh.id}`, { token: merchant.token });
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await v1('GET', '/ledger', fresh.key)).status).toBe(401);
  });

  const makeKey = (who: SignedInCustomer, name: string) =>
    call(server, 'POST', '/api/merchant/api-keys', { token: who.token, body: { name } });

  it('a merchant’s keys share its calls a minute (issue 39): more keys are not more calls; 429 with Retry-After', async () => {
    // Seven calls so far with the first key and one with the revoked one (401s do not count).
    const second = (await makeKey(merchant, 'Staging')).body;
    const third = (await makeKey(merchant, 'Warehouse')).body;
    const answers = await Promise.all([key, second, third].map((each) => v1('GET', '/ledger', each.key)));
    expect(answers.map((answer) => answer.status)).toEqual([429, 429, 429]);
    expect(Number(answers[1]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[2]?.body.error.message).toMatch(
      /^Too many calls with your API keys\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
    );
    // Each answer says the limit and what is left of it as the IETF draft writes them (issue 41).
    expect(answers[0]?.headers.get('ratelimit-policy')).toBe('"merchant";q=8;w=60');
    expect(answers[0]?.headers.get('ratelimit')).toMatch(/^"merchant";r=0;t=([1-9]|[1-5]\d|60)$/);
    expect(answers[0]?.headers.get('x-ratelimit-remaining')).toBeNull();
    // Another merchant's calls are its own.
    const theirs = await v1('GET', '/ledger', (await makeKey(other, 'Theirs')).body.key);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('ratelimit')).toMatch(/^"merchant";r=7;t=\d+$/);
  });

  it('at most 10 live keys a merchant: the 11th is refused until one is revoked (issue 39)', async () => {
    // Three live so far (the first, Staging, Warehouse); the revoked one does not count.
    for (let made = 3; made < 10; made++) expect((await makeKey(merchant, `Shop ${made}`)).status).toBe(201);
    const eleventh = await makeKey(merchant, 'One too many');
    expect([eleventh.status, eleventh.body.error]).toEqual([
      409,
      { code: 'conflict', message: 'You have 10 active API keys: revoke one first.' },
    ]);
    const listed = (await call<ApiKey[]>(server, 'GET', '/api/merchant/api-keys', { token: merchant.token })).body;
    expect(listed.filter((each) => each.revokedAt === null)).toHaveLength(10);
    await call(server, 'DELETE', `/api/merchant/api-keys/${listed[0]?.id}`, { token: merchant.token });
    expect((await makeKey(merchant, 'In its place')).status).toBe(201);
  });

  it('has its own OpenAPI document, which passes Redocly’s recommended-strict rules', async () => {
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    const source = await response.text();
    const document = JSON.parse(source) as { paths: Record<string, unknown>; components: { securitySchemes: object } };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/areas',
      '/api/v1/balance',
      '/api/v1/consignments',
      '/api/v1/consignments/batch',
      '/api/v1/consignments/batch/{id}/labels.pdf',
      '/api/v1/consignments/by-invoice',
      '/api/v1/consignments/{trackingCode}',
      '/api/v1/consignments/{trackingCode}/cancel',
      '/api/v1/consignments/{trackingCode}/handover-photo',
      '/api/v1/consignments/{trackingCode}/label.pdf',
      '/api/v1/consignments/{trackingCode}/return-requests',
      '/api/v1/ledger',
      '/api/v1/payouts',
      '/api/v1/quote',
      '/api/v1/recipient-records',
      '/api/v1/return-requests',
      '/api/v1/return-requests/{id}',
      '/api/v1/return-requests/{id}/cancel',
      '/api/v1/services',
      '/api/v1/stores',
      '/api/v1/stores/{id}',
      '/api/v1/test/consignments/{trackingCode}/advance',
      '/api/v1/test/return-requests/{id}/advance',
      '/api/v1/webhooks',
      '/api/v1/webhooks/deliveries/{id}/resend',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/secret',
      '/api/v1/webhooks/{id}/test',
    ]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['merchantApiKey']);
    expect(await lintOpenApi(source, `${server.url}/api/v1/openapi.json`)).toEqual([]);
    // The shop's own document leaves the merchant API out.
    const shop = (await (await fetch(`${server.url}/api/docs`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(shop.paths).filter((path) => path.startsWith('/api/v1/'))).toEqual([]);
  });

  it('is made for generators (issue 41): OpenAPI 3.1, every event sent in `webhooks` with a named, exemplified body, refusals naming their codes', async () => {
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as DocumentWithWebhooks & {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    // Every event type the code can send, the test included, and nothing else.
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_SENT_TYPES].sort());
    for (const type of WEBHOOK_SENT_TYPES) {
      const name = document.webhooks[type]?.post.requestBody.content['application/json'].schema.$ref.split('/').pop() ?? '';
      expect(document.components.schemas[name]?.examples, type).toHaveLength(1);
    }
    // Each example is what its own schema takes.
    expect(new WebhookChecker(document).exampleProblems()).toEqual([]);
    // Every request and answer is exemplified, the refusal included (decision 148).
    expect(Object.keys(document.components.schemas).filter((name) => !document.components.schemas[name]?.examples)).toEqual([]);
    const booking = document.paths['/api/v1/consignments']?.post?.responses;
    expect(booking?.['409']?.description).toContain('`error.code`: `conflict` or `duplicate_invoice`.');
    expect(booking?.['422']?.description).toContain('`idempotency_key_reused`.');
    expect(document.paths['/api/v1/consignments/batch']?.post?.responses['422']?.description).toContain(
      '`error.code`: `batch_refused` or `idempotency_key_reused`.',
    );
  });
});
