import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { betterAuthRoutes } from '../helpers/auth-routes.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { type NpmStartedServer, npmStart } from '../helpers/npm-start.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { RELAXED_LIMITS, startTestServer, TEST_ADMIN } from '../helpers/test-server.ts';

/**
 * What the attack may add to the server's resident memory (measured 17–28 MB on 2026-11-29), and the
 * process's bound on PGlite at the 192 MB heap limit (decision 101): the idle process alone is 280–292 MB
 * now, so issue 11's 300 MB left the attack no room at all.
 */
const RESIDENT_GROWTH_MAX_MB = 64;
const RESIDENT_MAX_MB = 400;
const PARALLEL = 50;

/** Three shapes of about 60 KB each, within the 64 KB of /api/auth/* (R-BOUNDS), thousands of levels deep. */
const NESTED_BODIES = {
  arrays: `{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
  objects: `${'{"email":'.repeat(6_000)}1${'}'.repeat(6_000)}`,
  mixed: `{"email":${'[{"a":'.repeat(7_000)}1${'}]'.repeat(7_000)}}`,
};

/** A route of each parser and each kind of check behind it: Better Auth's with and without a session, the shop's. */
const READ_AS_BEFORE = [
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/orders'],
  ['PUT', '/api/cart'],
  ['POST', '/api/checkout'],
] as const;

/** Every route that takes a body: Better Auth's (read from its endpoints) and the shop's (its OpenAPI document). */
async function routesWithBodies(): Promise<[string, string][]> {
  const server = await startTestServer();
  try {
    const document = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const shopRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method): [string, string] => [method, path]),
    );
    return [...betterAuthRoutes(server.app.auth), ...shopRoutes]
      .filter(([method]) => method !== 'get' && method !== 'head')
      .map(([method, path]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, randomUUID())]);
  } finally {
    await server.stop();
  }
}

describe('JSON bodies nest at most 32 levels, on every route (R-BOUNDS, decision 48)', () => {
  let server: NpmStartedServer;
  let admin: SignedInCustomer;
  let routes: [string, string][];
  /** The merchant API (`/api/v1`) takes a merchant's key instead: the admin is made a merchant with one. */
  let merchantKey: string;
  beforeAll(async () => {
    routes = await routesWithBodies();
    server = await npmStart({ ...RELAXED_LIMITS, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    admin = await signInAdmin(server);
    await approvedMerchant(server, admin, admin);
    merchantKey = (await call(server, 'POST', '/api/merchant/api-keys', { token: admin.token, body: { name: 'Nesting' } })).body
      .key;
  }, 180_000);
  afterAll(() => server?.stop());

  /**
   * The request as a signed-in browser sends it (cookie and access token), so every route gets past who
   * may call it and reads the body; a server that fell over answers status 0.
   */
  const send = (caller: SignedInCustomer, method: string, path: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        cookie: caller.cookie,
        authorization: `Bearer ${path.startsWith('/api/v1/') ? merchantKey : caller.token}`,
      },
      body,
    }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      (error: Error) => ({ status: 0, text: String(error.cause ?? error) }),
    );

  /** What a refused body must leave as it was, as the caller can see it: the account, the orders, the cart. */
  const callerState = async () => ({
    session: (await call(server, 'GET', '/api/auth/get-session', { cookie: admin.cookie })).body?.user,
    orders: (await call(server, 'GET', '/api/allOrders', { token: admin.token })).body,
    cart: (await call(server, 'GET', '/api/cart', { token: admin.token })).body,
    users: (await call(server, 'GET', '/api/user', { token: admin.token })).body,
  });

  it('covers Better Auth’s routes and the shop’s orders, cart and checkout', () => {
    const paths = routes.map(([method, path]) => `${method} ${path}`);
    for (const route of ['sign-in/email', 'sign-up/email', 'request-password-reset', 'reset-password', 'change-password'])
      expect(paths).toContain(`POST /api/auth/${route}`);
    for (const route of ['update-user', 'sign-out', 'delete-user', 'send-verification-email'])
      expect(paths).toContain(`POST /api/auth/${route}`);
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/orders', 'PUT /api/cart', 'POST /api/cart/items', 'POST /api/checkout']),
    );
  });

  // The admin may call every route, so each one reads the body.
  it(`refuses ${PARALLEL} parallel bodies thousands of levels deep on each route with 400, and the server grows by less than ${RESIDENT_GROWTH_MAX_MB} MB`, async () => {
    const before = await callerState();
    server.resetPeak();
    const residentBefore = server.residentMb();
    const shapes = Object.values(NESTED_BODIES);
    const started = performance.now();
    const refusals: string[] = [];
    for (const [method, path] of routes) {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) => send(admin, method, path, shapes[index % shapes.length] ?? '')),
      );
      for (const answer of answers) {
        if (answer.status !== 400 || !answer.text.includes(MESSAGES.bodyNestsTooDeep(LIMITS.bodyNestingMax)))
          refusals.push(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const alive = server.running();
    const memory = alive ? server.residentMb() : { now: Number.NaN, peak: Number.NaN };
    console.info(
      `${routes.length} routes × ${PARALLEL} nested bodies in ${seconds.toFixed(1)} s; resident ${residentBefore.now.toFixed(0)} → ${memory.now.toFixed(0)} MB, at most ${memory.peak.toFixed(0)} MB`,
    );
    expect(alive, server.output().slice(-1500)).toBe(true);
    expect(refusals.length, refusals.slice(0, 10).join('\n')).toBe(0);
    expect(memory.peak - residentBefore.now).toBeLessThan(RESIDENT_GROWTH_MAX_MB);
    expect(memory.peak).toBeLessThan(RESIDENT_MAX_MB);
    expect(await callerState()).toEqual(before);
  }, 600_000);

  it('reads every body that is not too deep as before: 32 levels, wide bodies, long strings, brackets inside strings', async () => {
    const customer = await signUpCustomer(server);
    const nested = (levels: number) => `{"name":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    // 16 bytes a key, as many as fit in 60 KB: wide, and within the 64 KB of /api/auth/*.
    const wide = `{${Array.from({ length: 3_750 }, (_, index) => `"k${String(index).padStart(8, '0')}":"v"`).join(',')}}`;
    const bodies = {
      'nesting 32 levels': nested(LIMITS.bodyNestingMax),
      wide,
      'a long string': `{"name":"${'a'.repeat(60_000)}"}`,
      'brackets inside a string': `{"name":"${'[{'.repeat(20_000)}\\"${'[{'.repeat(5_000)}"}`,
    };
    const tooDeep = MESSAGES.bodyNestsTooDeep(LIMITS.bodyNestingMax);
    const answered: string[] = [];
    for (const [method, path] of READ_AS_BEFORE) {
      for (const [shape, body] of Object.entries(bodies)) {
        const answer = await send(customer, method, path, body);
        if (answer.status === 0 || answer.status >= 500 || answer.text.includes(tooDeep))
          answered.push(`${method} ${path} ${shape}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
      const deeper = await send(customer, method, path, nested(LIMITS.bodyNestingMax + 1));
      if (deeper.status !== 400 || !deeper.text.includes(tooDeep)) answered.push(`${method} ${path} 33 levels: ${deeper.status}`);
    }
    expect(answered).toEqual([]);
  });
});
