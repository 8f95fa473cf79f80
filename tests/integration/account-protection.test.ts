import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_NOT_BEFORE_MS } from '#server/auth/plugin.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { MESSAGES } from '#shared/messages.ts';
import { call, type SignedInCustomer, signIn, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 24's account findings: reset links outliving a reset, sessions outliving a password change, sign-up telling who has an account. */
describe.each(testDatabaseKinds())('account protection on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  /** The reset links mailed to `email`, oldest first, read from the outbox as the mail worker would send them. */
  async function resetLinksOf(email: string): Promise<string[]> {
    const mails = await server.db
      .select({ data: mailOutbox.data })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'password-reset')))
      .orderBy(mailOutbox.createdAt);
    return mails.map((mail) => (mail.data as { token: string }).token);
  }

  async function askResetLinks(email: string, count: number): Promise<string[]> {
    for (let asked = 0; asked < count; asked++) {
      const answer = await call(server, 'POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo: `${server.url}/reset-password` },
      });
      expect(answer.status).toBe(200);
    }
    const links = await resetLinksOf(email);
    expect(links).toHaveLength(count);
    return links;
  }

  const reset = (token: string, newPassword: string) =>
    call(server, 'POST', '/api/auth/reset-password', { body: { token, newPassword } });

  const signInStatus = async (email: string, password: string) =>
    (await call(server, 'POST', '/api/auth/sign-in/email', { body: { email, password } })).status;

  it('a reset ends every other reset link of the account: an older mail cannot take it back', async () => {
    const customer = await signUpCustomer(server, { password: 'first123' });
    const links = await askResetLinks(customer.email, 4);
    const newest = links.at(-1) as string;

    expect((await reset(newest, 'owner456')).status).toBe(200);
    for (const older of links.slice(0, -1)) {
      const refused = await reset(older, 'taken789');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MESSAGES.resetLinkInvalid);
    }
    expect(await signInStatus(customer.email, 'taken789')).toBe(401);
    expect(await signInStatus(customer.email, 'owner456')).toBe(200);
  });

  it('a password change ends every reset link the account had', async () => {
    const customer = await signUpCustomer(server, { password: 'first123' });
    const [link] = await askResetLinks(customer.email, 1);
    const changed = await call(server, 'POST', '/api/auth/change-password', {
      cookie: customer.cookie,
      body: { currentPassword: 'first123', newPassword: 'second456', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);

    const refused = await reset(link as string, 'taken789');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.resetLinkInvalid);
    expect(await signInStatus(customer.email, 'second456')).toBe(200);
  });

  it.each([
    ['false', { revokeOtherSessions: false }],
    ['left out', {}],
  ])('a password change ends the other sessions and their access tokens when revokeOtherSessions is %s', async (_, asked) => {
    const customer = await signUpCustomer(server, { password: 'first123' });
    const otherDevice: SignedInCustomer = await signIn(server, customer.email, 'first123');
    expect((await call(server, 'GET', '/api/orders', { token: otherDevice.token })).status).not.toBe(401);

    const changed = await call(server, 'POST', '/api/auth/change-password', {
      cookie: customer.cookie,
      body: { currentPassword: 'first123', newPassword: 'second456', ...asked },
    });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/api/auth/get-session', { cookie: otherDevice.cookie })).body).toBeNull();
    expect((await call(server, 'GET', '/api/orders', { token: otherDevice.token })).status).toBe(401);
    // The device that changed the password stays signed in, with a new session.
    const kept = await call(server, 'GET', '/api/auth/get-session', { cookie: mergeCookies(customer.cookie, changed.headers) });
    expect(kept.body?.user.email).toBe(customer.email);
  });

  it('sign-up answers alike for a new and a taken email, signs neither in, and mails the owner', async () => {
    const owner = await signUpCustomer(server, { name: 'Rafiq Owner', password: 'owner123' });
    const signUp = (email: string) =>
      call(server, 'POST', '/api/auth/sign-up/email', { body: { name: 'Someone Else', email, password: 'guess1234' } });
    const fresh = await signUp(`fresh-${Date.now()}@example.com`);
    const taken = await signUp(owner.email);

    expect([fresh.status, taken.status]).toEqual([200, 200]);
    expect(shapeOf(taken.body)).toEqual(shapeOf(fresh.body));
    expect(taken.body.token).toBeNull();
    expect(taken.body.user.email).toBe(owner.email);
    expect(taken.body.user.name).toBe('Someone Else');
    expect([fresh.headers.getSetCookie(), taken.headers.getSetCookie()]).toEqual([[], []]);

    expect(await signInStatus(owner.email, 'guess1234')).toBe(401);
    expect(await signInStatus(owner.email, 'owner123')).toBe(200);
    const mails = await server.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, owner.email));
    expect(mails.map((mail) => mail.kind)).toContain('sign-up-attempt');
  });

  it('sign-up takes as long for a taken email as for a new one', async () => {
    const owner = await signUpCustomer(server);
    const took = { fresh: [] as number[], taken: [] as number[] };
    for (let round = 0; round < 5; round++) {
      for (const which of ['fresh', 'taken'] as const) {
        const email = which === 'taken' ? owner.email : `timed-${round}-${Date.now()}@example.com`;
        const started = performance.now();
        const answer = await call(server, 'POST', '/api/auth/sign-up/email', {
          body: { name: 'Timed', email, password: 'guess1234' },
        });
        took[which].push(performance.now() - started);
        expect(answer.status).toBe(200);
      }
    }
    // Both paths wait for the same floor (decision 44), far above the few ms of writes that differ between
    // them (79 against 85 ms median, measured); comparing the medians here would measure the machine's load.
    expect(Math.min(...took.fresh, ...took.taken)).toBeGreaterThanOrEqual(ANSWER_NOT_BEFORE_MS);
  });
});

/** The cookies a client holds after an answer replaced some of them. */
function mergeCookies(cookie: string, headers: Headers): string {
  const jar = new Map<string, string>();
  for (const pair of [...cookie.split('; '), ...headers.getSetCookie().map((set) => set.split(';')[0] ?? '')]) {
    const split = pair.indexOf('=');
    jar.set(pair.slice(0, split), pair.slice(split + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** An answer's keys and value types, all the way down: what a client can tell apart without the values. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, shapeOf(inner)]),
  );
}
