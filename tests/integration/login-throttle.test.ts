import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (process.env.CI === 'true' && !redisUrl)
  throw new Error('CI=true but REDIS_URL is not set: the shared throttle test cannot be skipped in CI.');
if (!redisUrl) console.warn('REDIS_URL is not set: the shared (Redis) login throttle tests are skipped.');

/** The shop's real attempts per email and address (test servers relax them); the cap per address is tested on its own. */
const REAL_LIMITS = { SIGN_IN_FREE_ATTEMPTS: '5' };
const FREE = 5;

const signInAttempt = (server: TestServer, email: string, password: string, forwardedFor?: string) =>
  call<{ message: string; code: string }>(server, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

const stores: { store: string; env: Record<string, string> }[] = [
  { store: 'memory', env: {} },
  ...(redisUrl ? [{ store: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
];
const cases = testDatabaseKinds().flatMap((kind) => stores.map((store) => ({ kind, ...store })));

describe.each(cases)('sign-in throttling ($kind database, $store counts)', ({ kind, env }) => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    // One after the other: two servers starting at once on a loaded machine can miss Fastify's plugin timeout.
    server = await startTestServer({ kind, env: { ...env, ...REAL_LIMITS } });
    proxied = await startTestServer({ kind, env: { ...env, ...REAL_LIMITS, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), proxied?.stop()]);
  });

  it(`counts parallel guesses before the password is checked: of 30 at once, ${FREE} are checked`, async () => {
    const customer = await signUpCustomer(server, { password: 'right123' });
    const burst = await Promise.all(Array.from({ length: 30 }, () => signInAttempt(server, customer.email, 'wrong123')));
    expect(statuses(burst)).toEqual([...Array(FREE).fill(401), ...Array(30 - FREE).fill(429)]);

    const refused = burst.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(refused?.body.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
  });

  it('holds a stranger back without locking the owner out from their own address', async () => {
    const owner = await signUpCustomer(proxied, { password: 'right123' });
    for (let attempt = 0; attempt < FREE; attempt++) {
      expect((await signInAttempt(proxied, owner.email, 'wrong123', '203.0.113.66')).status).toBe(401);
    }
    expect((await signInAttempt(proxied, owner.email, 'wrong123', '203.0.113.66')).status).toBe(429);
    expect((await signInAttempt(proxied, owner.email, 'right123', '198.51.100.7')).status).toBe(200);
  });

  it('with TRUST_PROXY=1 takes the address the proxy appended, not what the client wrote before it', async () => {
    const customer = await signUpCustomer(proxied, { password: 'right123' });
    for (let attempt = 0; attempt < FREE; attempt++) {
      const answer = await signInAttempt(proxied, customer.email, 'wrong123', `10.9.9.${attempt}, 203.0.113.10`);
      expect(answer.status).toBe(401);
    }
    expect((await signInAttempt(proxied, customer.email, 'wrong123', '10.9.9.99, 203.0.113.10')).status).toBe(429);
    expect((await signInAttempt(proxied, customer.email, 'right123', '203.0.113.11')).status).toBe(200);
  });

  it('a successful sign-in forgets the failures of that email and address', async () => {
    const customer = await signUpCustomer(server, { password: 'right123' });
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < FREE - 1; attempt++) {
        expect((await signInAttempt(server, customer.email, 'wrong123')).status).toBe(401);
      }
      expect((await signInAttempt(server, customer.email, 'right123')).status).toBe(200);
    }
  });
});

describe('sign-in attempts per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Production without TRUST_PROXY: where the shop used to believe any X-Forwarded-For.
    server = await startTestServer({
      env: { NODE_ENV: 'production', SIGN_IN_FREE_ATTEMPTS: '5', SIGN_IN_ATTEMPTS_PER_ADDRESS: '8' },
    });
  });
  afterAll(() => server?.stop());

  it('stops one address trying many accounts, whatever X-Forwarded-For it makes up', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await signInAttempt(server, `nobody${attempt}@example.com`, 'wrong123', `192.0.2.${attempt}`);
      expect(answer.status).toBe(401);
    }
    const refused = await signInAttempt(server, 'nobody-else@example.com', 'wrong123', '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });
});

describe('sign-in attempts per account, over every address (decision 43)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        TRUST_PROXY: '1',
        SIGN_IN_FREE_ATTEMPTS: '5',
        SIGN_IN_ATTEMPTS_PER_ADDRESS: '30',
        SIGN_IN_ATTEMPTS_PER_ACCOUNT: '10',
      },
    });
  });
  afterAll(() => server?.stop());

  it('holds back a guesser spread over 40 addresses after 10 tries, while the owner’s own browser still gets in', async () => {
    const owner = await signUpCustomer(server, { password: 'right123' });
    const guesses: number[] = [];
    for (let address = 0; address < 40; address++) {
      guesses.push((await signInAttempt(server, owner.email, 'wrong123', `198.51.100.${address}`)).status);
    }
    expect(guesses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    const refused = await signInAttempt(server, owner.email, 'right123', '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many sign-in attempts for this account from new devices. Please wait 15 minutes and try again.',
    );

    // The browser the owner signed in with before carries the signed known-device cookie.
    const fromKnownBrowser = await call(server, 'POST', '/api/auth/sign-in/email', {
      body: { email: owner.email, password: 'right123' },
      cookie: owner.cookie,
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(fromKnownBrowser.status).toBe(200);
    // A cookie signed for another account opens nothing here.
    const other = await signUpCustomer(server, { password: 'other123' });
    const borrowed = await call(server, 'POST', '/api/auth/sign-in/email', {
      body: { email: owner.email, password: 'right123' },
      cookie: other.cookie,
      headers: { 'x-forwarded-for': '203.0.113.6' },
    });
    expect(borrowed.status).toBe(429);
  });
});

describe.skipIf(!redisUrl)('sign-in throttling shared through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const shared = { ...REAL_LIMITS, REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `test-${randomUUID()}:` };
    first = await startTestServer({ env: shared });
    second = await startTestServer({ env: shared });
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('two app instances share one count per email and address', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    for (let attempt = 0; attempt < FREE; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      expect((await signInAttempt(server, email, 'wrong123')).status).toBe(401);
    }
    expect((await signInAttempt(first, email, 'wrong123')).status).toBe(429);
    expect((await signInAttempt(second, email, 'wrong123')).status).toBe(429);
  });
});
