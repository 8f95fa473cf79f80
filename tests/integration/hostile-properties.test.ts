import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits.ts';
import { addProduct } from '../helpers/catalog.ts';
import { insertOrder } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { shopState } from '../helpers/shop-state.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Better Auth's routes hide from the OpenAPI document; these are the ones a browser posts to. */
const AUTH_ROUTES = [
  ['post', '/api/auth/sign-up/email'],
  ['post', '/api/auth/sign-in/email'],
  ['post', '/api/auth/update-user'],
  ['post', '/api/auth/change-password'],
  ['post', '/api/auth/request-password-reset'],
  ['post', '/api/auth/sign-in/social'],
  ['get', '/api/auth/get-session'],
] as const;

/** Field names the shop's payloads use, so generated bodies reach the checks behind the type checks. */
const FIELDS = [
  'email',
  'password',
  'name',
  'productId',
  'quantity',
  'orderId',
  'transactionId',
  'payment',
  'reviewPhoto',
  'reviewRating',
  'reviewDescription',
  'price',
  'description',
  'picture',
  'minQuantity',
  'maxQuantity',
  'availableQuantity',
  'address',
  'phoneNumber',
  'clientSecret',
  'card',
  'billingDetails',
  'currentPassword',
  'newPassword',
  'page',
  'pageSize',
];

const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(5000),
  ),
  fc.uuid(),
  fc.emailAddress(),
  // Passes an email's pattern but no database takes it as text.
  fc.emailAddress().map((email) => email.replace('@', '\u0000@')),
);
const hostileValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Valid payloads of the shop's forms: one field made hostile gets past every other check to the one it tests. */
const VALID_BODIES: Record<string, unknown>[] = [
  { email: 'someone@example.com', password: 'secret123', name: 'Someone' },
  { reviewPhoto: 'https://photos.example.com/me.jpg', reviewRating: 5, reviewDescription: 'Fine.' },
  {
    name: 'Router',
    price: '10',
    description: 'Small.',
    minQuantity: 1,
    maxQuantity: 2,
    availableQuantity: 3,
    picture: 'https://a.example/p.png',
  },
  { address: '1 Road', phoneNumber: '0123456789' },
  { transactionId: 'pi_123', payment: 'x' },
];
const nearlyValidBody = fc
  .tuple(fc.constantFrom(...VALID_BODIES), fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 1 }))
  .map(([valid, hostile]) => ({ ...valid, ...hostile }));
/** A field whose value is arrays and objects inside one another, past the most a body may nest (R-BOUNDS). */
const deeplyNestedBody = fc
  .tuple(fc.constantFrom(...FIELDS), fc.integer({ min: LIMITS.bodyNestingMax, max: 2_000 }), fc.constantFrom('[]', '{}', '[{}]'))
  .map(([field, levels, shape]) => {
    let value: unknown = null;
    for (let level = 0; level < levels; level++)
      value = shape === '[]' || (shape === '[{}]' && level % 2) ? [value] : { [field]: value };
    return { [field]: value };
  });
const hostileBody = fc.oneof(
  nearlyValidBody,
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  deeplyNestedBody,
);
const hostileQuery = fc.dictionary(fc.constantFrom('email', 'page', 'pageSize'), hostileText, { maxKeys: 3 });

describe('hostile input on every route: never a 500, nothing changed (SECURITY.md)', () => {
  let server: TestServer;
  let customer: SignedInCustomer;
  let admin: SignedInCustomer;
  let routes: (readonly [string, string])[];
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    [customer, admin] = await Promise.all([signUpCustomer(server), signInAdmin(server)]);
    await addProduct(server, admin);
    await insertOrder(server, customer);
    const document = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = [
      ...Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => [method, path] as const),
      ),
      ...AUTH_ROUTES,
    ];
  });
  afterAll(() => server?.stop());

  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers every generated request with less than 500, and a refusal leaves the shop as it was', async () => {
    const who = fc.constantFrom<{ token?: string; cookie?: string }>(
      {},
      { token: customer.token },
      { token: admin.token },
      { cookie: customer.cookie },
    );
    for (const [method, template] of routes) {
      await fc.assert(
        fc.asyncProperty(
          who,
          fc.array(hostileText, { minLength: 2, maxLength: 2 }),
          hostileQuery,
          hostileBody,
          async (caller, params, query, body) => {
            let index = 0;
            const path = template.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[index++] ?? ''));
            const search = new URLSearchParams(query).toString();
            const before = await shopState(server);
            const answer = await call(server, method.toUpperCase(), search ? `${path}?${search}` : path, {
              ...caller,
              body: method === 'get' || method === 'delete' ? undefined : body,
            });
            const request = `${method.toUpperCase()} ${path}?${search} ${JSON.stringify(body)}`;
            expect(answer.status, request).toBeLessThan(500);
            if (answer.status >= 400) expect(await shopState(server), request).toEqual(before);
          },
        ),
        { numRuns: 20 },
      );
    }
    // Twenty requests for each of the API's routes, one after another: its time grows with the API.
  }, 180_000);
});
