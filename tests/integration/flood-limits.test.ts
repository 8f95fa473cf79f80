import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews, user } from '#server/db/schema.ts';
import { REFUSING_TEST_CARDS } from '#shared/test-cards.ts';
import { addProduct } from '../helpers/catalog.ts';
import { insertOrder } from '../helpers/payment-fixtures.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
const stores: { store: string; env: Record<string, string> }[] = [
  { store: 'memory', env: {} },
  ...(redisUrl ? [{ store: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
];

const LIMITED = {
  SIGN_UPS_PER_ADDRESS: '3',
  PASSWORD_RESETS_PER_ADDRESS: '2',
  REVIEWS_PER_CUSTOMER: '2',
  ORDERS_PER_CUSTOMER: '2',
  CARD_ATTEMPTS_PER_ORDER: '3',
};

/** What every flood refusal says: what was done too often and how long to wait, with Retry-After. */
function expectRefusal(answer: { status: number; headers: Headers }, message: string | undefined, what: string) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(message).toMatch(new RegExp(`^Too many ${what}\\. Please wait \\d+ (seconds?|minutes?|hours?) and try again\\.$`));
}

describe.each(stores)('flood limits ($store counts)', ({ env }) => {
  let server: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    // `open` keeps sign-ups unlimited so its tests can make the customers they need.
    const { SIGN_UPS_PER_ADDRESS: _, ...perCustomer } = LIMITED;
    server = await startTestServer({ env: { ...env, ...LIMITED } });
    open = await startTestServer({ env: { ...env, ...perCustomer } });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), open?.stop()]);
  });

  it('lets one address sign up 3 times an hour, even all at once', async () => {
    const stamp = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call<{ code: string; message: string }>(server, 'POST', '/api/auth/sign-up/email', {
          body: { name: `Flood ${index}`, email: `flood${index}-${stamp}@example.com`, password: 'secret123' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expectRefusal(refused as (typeof answers)[number], refused?.body.message, 'sign-ups from your address');
    expect(await server.db.select({ id: user.id }).from(user)).toHaveLength(1 + 3); // the admin and the three
  });

  it('limits password-reset requests per address', async () => {
    const ask = () =>
      call<{ message: string }>(server, 'POST', '/api/auth/request-password-reset', { body: { email: 'a@example.com' } });
    for (let request = 0; request < 2; request++) expect((await ask()).status).not.toBe(429);
    const refused = await ask();
    expectRefusal(refused, refused.body.message, 'password reset requests from your address');
  });

  it('limits reviews per customer, and only that customer', async () => {
    const [writer, other] = await Promise.all([signUpCustomer(open), signUpCustomer(open)]);
    const review = { reviewPhoto: 'https://photos.example.com/me.jpg', reviewRating: 5, reviewDescription: 'Fast and careful.' };
    const post = (token: string) => call(open, 'POST', '/api/review', { token, body: review });
    for (let posted = 0; posted < 2; posted++) expect((await post(writer.token)).status).toBe(201);
    const refused = await post(writer.token);
    expectRefusal(refused, refused.body.error?.message, 'reviews');
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(await open.db.select().from(reviews)).toHaveLength(2);
    expect((await post(other.token)).status).toBe(201);
  });

  it('limits orders per customer, and only that customer', async () => {
    const admin = await signInAdmin(open);
    const product = await addProduct(open, admin, { availableQuantity: 100 });
    const [buyer, other] = await Promise.all([signUpCustomer(open), signUpCustomer(open)]);
    const order = (token: string) => call(open, 'POST', '/api/orders', { token, body: { productId: product._id, quantity: 1 } });
    for (let placed = 0; placed < 2; placed++) expect((await order(buyer.token)).status).toBe(201);
    const refused = await order(buyer.token);
    expectRefusal(refused, refused.body.error?.message, 'orders');
    expect(await open.db.select().from(orders).where(eq(orders.email, buyer.email))).toHaveLength(2);
    expect((await order(other.token)).status).toBe(201);
  });

  it('limits card attempts on one order (card testing)', async () => {
    const admin = await signInAdmin(open);
    await addProduct(open, admin);
    const buyer = await signUpCustomer(open);
    const orderId = await insertOrder(open, buyer);
    const intent = await call<{ clientSecret: string }>(open, 'POST', '/api/create-payment-intent', {
      token: buyer.token,
      body: { orderId },
    });
    const charge = (number: string) =>
      call(open, 'POST', '/api/test-payments/confirm', {
        token: buyer.token,
        body: {
          clientSecret: intent.body.clientSecret,
          card: { number, expMonth: 12, expYear: 2040, cvc: '123' },
          billingDetails: { name: 'Card Tester', email: buyer.email },
        },
      });
    for (const card of REFUSING_TEST_CARDS.slice(0, 3)) expect((await charge(card.number)).status).toBe(402);
    const refused = await charge('4242 4242 4242 4242');
    expectRefusal(refused, refused.body.error?.message, 'card attempts for this order');
    expect((await call(open, 'GET', `/api/payment/${orderId}`, { token: buyer.token })).body.paid).toBe(false);
  });
});
