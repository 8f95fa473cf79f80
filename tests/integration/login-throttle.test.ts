import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '#server/auth/login-throttle.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (process.env.CI === 'true' && !redisUrl)
  throw new Error('CI=true but REDIS_URL is not set: the shared throttle test cannot be skipped in CI.');
if (!redisUrl) console.warn('REDIS_URL is not set: the shared (Redis) login throttle test is skipped.');

const signInAttempt = (server: TestServer, email: string, password: string) =>
  call<{ message: string; code: string }>(server, 'POST', '/api/auth/sign-in/email', { body: { email, password } });

describe('login throttling in memory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it(`refuses an email with 429 after ${LOGIN_THROTTLE.maxFailuresPerEmail} failed sign-ins, even with the right password`, async () => {
    const customer = await signUpCustomer(server, { password: 'right123' });
    for (let attempt = 0; attempt < LOGIN_THROTTLE.maxFailuresPerEmail; attempt++) {
      expect((await signInAttempt(server, customer.email, 'wrong123')).status).toBe(401);
    }
    const refused = await signInAttempt(server, customer.email, 'right123');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait 15 minutes/);

    const someoneElse = await signUpCustomer(server, { password: 'mine1234' });
    expect((await signInAttempt(server, someoneElse.email, 'mine1234')).status).toBe(200);
  });

  it('a successful sign-in clears the count for that email', async () => {
    const customer = await signUpCustomer(server, { password: 'right123' });
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < LOGIN_THROTTLE.maxFailuresPerEmail - 1; attempt++) {
        expect((await signInAttempt(server, customer.email, 'wrong123')).status).toBe(401);
      }
      expect((await signInAttempt(server, customer.email, 'right123')).status).toBe(200);
    }
  });
});

describe.skipIf(!redisUrl)('login throttling shared through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      startTestServer({ env: { REDIS_URL: redisUrl ?? '' } }),
      startTestServer({ env: { REDIS_URL: redisUrl ?? '' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('two app instances share one count per email', async () => {
    const email = `shared-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    for (let attempt = 0; attempt < LOGIN_THROTTLE.maxFailuresPerEmail; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      expect((await signInAttempt(server, email, 'wrong123')).status).toBe(401);
    }
    expect((await signInAttempt(first, email, 'wrong123')).status).toBe(429);
    expect((await signInAttempt(second, email, 'wrong123')).status).toBe(429);
  });
});
