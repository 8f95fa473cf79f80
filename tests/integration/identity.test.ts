import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema.ts';
import { LAST_ADMIN_MESSAGE } from '#server/modules/users/service.ts';
import { MESSAGES } from '#shared/messages.ts';
import { expiredAccessToken } from '../helpers/expired-token.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

describe.each(testDatabaseKinds())('identity on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  describe('sign-up validation, answered by the server with the spec messages', () => {
    it.each([
      [{ name: 'Ann', email: '', password: 'abc123' }, MESSAGES.emailRequired],
      [{ name: 'Ann', email: 'not-an-email', password: 'abc123' }, MESSAGES.emailInvalid],
      [{ name: 'Ann', email: 'ann@example.com', password: '' }, MESSAGES.passwordRequired],
      [{ name: 'Ann', email: 'ann@example.com', password: 'abc12' }, MESSAGES.passwordWeak],
      [{ name: 'Ann', email: 'ann@example.com', password: 'abcdefg' }, MESSAGES.passwordWeak],
      [{ name: 'Ann', email: 'ann@example.com', password: '1234567' }, MESSAGES.passwordWeak],
      [{ name: 'Ann', email: 'ann@example.com', password: 'abc 123!' }, MESSAGES.passwordWeak],
      [{ name: '', email: 'ann@example.com', password: 'abc123' }, MESSAGES.nameRequired],
      [{ email: 'ann@example.com', password: 'abc123' }, MESSAGES.nameRequired],
    ])('%o → 400 "%s", and no account is created', async (body, message) => {
      const answer = await call<{ message: string }>(server, 'POST', '/api/auth/sign-up/email', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      const admin = await signInAdmin(server);
      const users = await call<{ email: string }[]>(server, 'GET', '/api/user', { token: admin.token });
      expect(users.body.map((user) => user.email)).not.toContain('ann@example.com');
    });

    it('makes no second account for the same email, and the first keeps its password (decision 44)', async () => {
      const customer = await signUpCustomer(server, { password: 'first123' });
      const again = await call(server, 'POST', '/api/auth/sign-up/email', {
        body: { name: 'Twin', email: customer.email, password: 'other123' },
      });
      expect(again.status).toBe(200);
      const admin = await signInAdmin(server);
      const users = await call<{ email: string }[]>(server, 'GET', '/api/user', { token: admin.token });
      expect(users.body.filter((user) => user.email === customer.email)).toHaveLength(1);
      await expect(signIn(server, customer.email, 'other123')).rejects.toThrow(/401/);
      await signIn(server, customer.email, 'first123');
    });
  });

  describe('access tokens', () => {
    it('are issued for the session’s own email only', async () => {
      const customer = await signUpCustomer(server);
      expect(customer.token.split('.')).toHaveLength(3);
      const other = await call(server, 'PUT', `/api/user/${encodeURIComponent(TEST_ADMIN.email)}`, {
        cookie: customer.cookie,
        body: { email: TEST_ADMIN.email },
      });
      expect(other.status).toBe(403);
      const anonymous = await call(server, 'PUT', `/api/user/${encodeURIComponent(customer.email)}`, {
        body: { email: customer.email },
      });
      expect(anonymous.status).toBe(401);
    });

    it('expire within an hour, and an expired or forged token gets 401', async () => {
      const customer = await signUpCustomer(server);
      const payload = JSON.parse(Buffer.from(customer.token.split('.')[1] ?? '', 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(payload.exp - payload.iat).toBeLessThanOrEqual(3600);
      const forged = `${customer.token.slice(0, -4)}AAAA`;
      expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: forged })).status).toBe(401);

      const { SignJWT } = await import('jose');
      const keys = (await (await fetch(`${server.url}/api/auth/jwks`)).json()) as { keys: { kid: string }[] };
      expect(keys.keys.length).toBeGreaterThan(0);
      const past = Math.floor(Date.now() / 1000) - 7200;
      const unsignedExpired = await new SignJWT({ email: customer.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('x')
        .setIssuedAt(past)
        .setExpirationTime(past + 60)
        .sign(new TextEncoder().encode('a'.repeat(32)));
      const answer = await call<{ error: { code: string } }>(server, 'GET', `/api/admin/${customer.email}`, {
        token: unsignedExpired,
      });
      expect(answer.status).toBe(401);
    });

    it('a genuine token past its expiry gets 401 token_expired, so the client knows to renew it', async () => {
      const customer = await signUpCustomer(server);
      const expired = await expiredAccessToken(server, customer);
      const answer = await call<{ error: { code: string } }>(server, 'GET', `/api/admin/${customer.email}`, { token: expired });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('token_expired');
      expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: customer.token })).status).toBe(200);
    });
  });

  describe('roles', () => {
    it('the configured admin is an admin; a new customer is not', async () => {
      const admin = await signInAdmin(server);
      const customer = await signUpCustomer(server);
      expect((await call(server, 'GET', `/api/admin/${admin.email}`, { token: admin.token })).body).toEqual({
        admin: true,
        role: 'admin',
      });
      expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: customer.token })).body).toEqual({
        admin: false,
        role: 'user',
      });
      expect((await call(server, 'GET', `/api/admin/${admin.email}`, { token: customer.token })).status).toBe(403);
      expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: admin.token })).body).toEqual({
        admin: false,
        role: 'user',
      });
    });

    it('an admin grants and revokes admin; the change takes effect at once', async () => {
      const admin = await signInAdmin(server);
      const customer = await signUpCustomer(server);
      expect((await call(server, 'GET', '/api/user', { token: customer.token })).status).toBe(403);

      const granted = await call(server, 'PUT', `/api/user/admin/${customer.email}`, { token: admin.token });
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({ email: customer.email, role: 'admin' });
      const users = await call<{ email: string; role: string }[]>(server, 'GET', '/api/user', { token: customer.token });
      expect(users.status).toBe(200);
      expect(users.body.find((user) => user.email === customer.email)?.role).toBe('admin');

      const revoked = await call(server, 'DELETE', `/api/adminRemove/${customer.email}`, { token: admin.token });
      expect(revoked.status).toBe(200);
      expect((await call(server, 'GET', '/api/user', { token: customer.token })).status).toBe(403);
      expect((await call(server, 'PUT', `/api/user/admin/nobody@example.com`, { token: admin.token })).status).toBe(404);
    });

    it('a role set or taken away in the database holds from the next request, with a token already verified (R-ROLES)', async () => {
      const customer = await signUpCustomer(server);
      const operations = () => call(server, 'GET', '/api/admin/operations', { token: customer.token });
      expect((await operations()).status).toBe(403);
      await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, customer.email));
      expect((await operations()).status).toBe(200);
      await server.db.update(user).set({ role: 'user' }).where(eq(user.email, customer.email));
      expect((await operations()).status).toBe(403);
      // The same token, remembered as verified (decision 188), ends with its session at once (R-SESSION-END).
      await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, customer.email));
      try {
        expect((await operations()).status).toBe(200);
        expect((await call(server, 'POST', '/api/auth/sign-out', { cookie: customer.cookie, body: {} })).status).toBe(200);
        expect((await operations()).status).toBe(401);
      } finally {
        // The other tests count on the configured admin being the only one.
        await server.db.update(user).set({ role: 'user' }).where(eq(user.email, customer.email));
      }
    });

    it('the last admin cannot be removed', async () => {
      const admin = await signInAdmin(server);
      const answer = await call<{ error: { code: string; message: string } }>(
        server,
        'DELETE',
        `/api/adminRemove/${admin.email}`,
        {
          token: admin.token,
        },
      );
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toMatch(/at least one admin/);
      expect((await call(server, 'GET', `/api/admin/${admin.email}`, { token: admin.token })).body).toEqual({
        admin: true,
        role: 'admin',
      });
    });
  });

  describe('profiles', () => {
    it('a customer reads and updates their own address and phone; others cannot', async () => {
      const customer = await signUpCustomer(server, { name: 'Nadia Rahman' });
      const empty = await call(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token });
      expect(empty.body).toEqual({ email: customer.email, name: 'Nadia Rahman', address: '', phoneNumber: '' });

      const updated = await call(server, 'PUT', `/api/userInfo/${customer.email}`, {
        token: customer.token,
        body: {
          email: 'ignored@example.com',
          name: 'Ignored',
          address: '12 Harbour Road, Chattogram',
          phoneNumber: '+880 (17) 1234-5678',
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({
        email: customer.email,
        name: 'Nadia Rahman',
        address: '12 Harbour Road, Chattogram',
        phoneNumber: '+880 (17) 1234-5678',
      });

      const other = await signUpCustomer(server);
      expect((await call(server, 'GET', `/api/userInfo/${customer.email}`, { token: other.token })).status).toBe(403);
      expect(
        (
          await call(server, 'PUT', `/api/userInfo/${customer.email}`, {
            token: other.token,
            body: { address: 'x', phoneNumber: '123456' },
          })
        ).status,
      ).toBe(403);
      const admin = await signInAdmin(server);
      expect((await call(server, 'GET', `/api/userInfo/${customer.email}`, { token: admin.token })).status).toBe(200);
    });

    it.each([
      [{ address: '', phoneNumber: '123456' }, 'address'],
      [{ address: 'x'.repeat(201), phoneNumber: '123456' }, 'address'],
      [{ address: 'Dhaka', phoneNumber: '12345' }, 'phoneNumber'],
      [{ address: 'Dhaka', phoneNumber: '1'.repeat(21) }, 'phoneNumber'],
      [{ address: 'Dhaka', phoneNumber: 'call me maybe' }, 'phoneNumber'],
    ])('refuses %o with a message for %s and changes nothing', async (body, field) => {
      const customer = await signUpCustomer(server);
      const answer = await call<{ error: { fields: Record<string, string> } }>(server, 'PUT', `/api/userInfo/${customer.email}`, {
        token: customer.token,
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toHaveProperty(field);
      expect((await call(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token })).body).toMatchObject({
        address: '',
        phoneNumber: '',
      });
    });
  });

  it('signing in again works with the password, and the session cookie is httpOnly and SameSite=Lax', async () => {
    const customer = await signUpCustomer(server, { password: 'letmein99' });
    const answer = await call(server, 'POST', '/api/auth/sign-in/email', {
      body: { email: customer.email, password: 'letmein99' },
    });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((value) => value.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    await expect(signIn(server, customer.email, 'letmein99')).resolves.toMatchObject({ email: customer.email });
  });
});

describe.skipIf(withoutPostgres())('removing admins at once (race test, needs PostgreSQL)', () => {
  let server: TestServer;
  let races: RaceBarrier;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    races = await RaceBarrier.on(server);
  });
  afterAll(async () => {
    await races?.close();
    await server?.stop();
  });

  it('two admins removing each other at once leave one admin', async () => {
    const admin = await signInAdmin(server);
    const second = await signUpCustomer(server);
    expect((await call(server, 'PUT', `/api/user/admin/${second.email}`, { token: admin.token })).status).toBe(200);

    const answers = await races.overlap('admin removed', 2, () =>
      Promise.all([
        call(server, 'DELETE', `/api/adminRemove/${second.email}`, { token: admin.token }),
        call(server, 'DELETE', `/api/adminRemove/${admin.email}`, { token: second.token }),
      ]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toEqual({
      code: 'conflict',
      message: LAST_ADMIN_MESSAGE,
    });
    const winner = answers[0]?.status === 200 ? admin : second;
    const users = await call<{ role: string }[]>(server, 'GET', '/api/user', { token: winner.token });
    expect(users.body.filter((user) => user.role === 'admin')).toHaveLength(1);
    expect(races.arrivals('admin removed')).toBe(1);
  });
});
