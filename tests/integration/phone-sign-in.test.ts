import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, smsOutbox, user, verification } from '#server/db/schema.ts';
import type { SmsEntry } from '#shared/mail.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The SMS worker leaves the outbox alone: the codes are read where the Mailbox reads them.
const ON_DEMAND = { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 };

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/**
 * Sign-in and sign-up by mobile number with a code by text (issue 42, R-PHONE-SIGN-IN, decision 160),
 * through Better Auth's phone-number routes as the web app calls them.
 */
describe.each(testDatabaseKinds())('sign-in by mobile number (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: { PHONE_CODES_PER_NUMBER: '3' }, outboxTiming: ON_DEMAND });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  const sendCode = (phoneNumber: string, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/auth/phone-number/send-otp', { body: { phoneNumber }, headers });
  const verify = (body: Record<string, string>) => call(server, 'POST', '/api/auth/phone-number/verify', { body });
  /** The newest sign-in code texted to `phone` (as the Mailbox lists it: 01711000000), read from the admin's Mailbox. */
  async function codeSentTo(phone: string): Promise<{ code: string; text: string }> {
    const texts = (await call<SmsEntry[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
    const text = texts.find((entry) => entry.kind === 'sign-in-code' && entry.phone === phone)?.text ?? '';
    return { code: /\d{6}/.exec(text)?.[0] ?? '', text };
  }
  const accountsWith = (phoneNumber: string) => server.db.select().from(user).where(eq(user.phoneNumber, phoneNumber));

  it('signs up a new number however it is typed: the code is in the text outbox, the account has the number and the name', async () => {
    // Bengali digits, a dash and a space: the number the account keeps is +8801711000001.
    const sent = await sendCode('০১৭১১-০০০ ০০১');
    expect(sent.status).toBe(200);
    const { code, text } = await codeSentTo('01711000001');
    expect(text).toMatch(/your sign-in code is \d{6}\. It works for 10 minutes/);

    const signedUp = await verify({ phoneNumber: '+880 1711 000001', code, name: 'Asha Rahman' });
    expect(signedUp.status).toBe(200);
    const [account] = await accountsWith('+8801711000001');
    expect(account).toMatchObject({ name: 'Asha Rahman', phoneNumberVerified: true, email: '8801711000001@phone.invalid' });
    // Nothing is mailed to the placeholder address, not even the welcome.
    expect(
      await server.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, account?.email ?? '')),
    ).toEqual([]);

    // Signed in: the session cookie gets the access token the web app keeps (R-TOKEN).
    const cookie = cookieOf(signedUp.headers);
    const email = signedUp.body.user.email as string;
    const token = await call(server, 'PUT', `/api/user/${encodeURIComponent(email)}`, { cookie, body: { email } });
    expect(token.status).toBe(200);
    const profile = await call(server, 'GET', '/api/auth/get-session', { cookie });
    expect(profile.body.user).toMatchObject({ name: 'Asha Rahman', phoneNumber: '+8801711000001' });
  });

  it('signs an existing phone account in with a new code, and a code works once', async () => {
    expect((await sendCode('01711000002')).status).toBe(200);
    const first = await codeSentTo('01711000002');
    expect((await verify({ phoneNumber: '01711000002', code: first.code, name: 'Karim Mia' })).status).toBe(200);

    expect((await sendCode('8801711000002')).status).toBe(200);
    const second = await codeSentTo('01711000002');
    const signedIn = await verify({ phoneNumber: '+8801711000002', code: second.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(true);
    const accounts = await accountsWith('+8801711000002');
    expect(accounts.map((account) => [account.id, account.name])).toEqual([[signedIn.body.user.id, 'Karim Mia']]);

    const again = await verify({ phoneNumber: '+8801711000002', code: second.code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('No code is waiting for this number. Ask for a new one.');
  });

  it('voids a code after three wrong tries: even the right code no longer signs in', async () => {
    expect((await sendCode('01811000003')).status).toBe(200);
    const { code } = await codeSentTo('01811000003');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await verify({ phoneNumber: '01811000003', code: wrong, name: 'Guess' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('That code is not right. Check the text message and try again.');
    }
    const void_ = await verify({ phoneNumber: '01811000003', code, name: 'Guess' });
    expect(void_.status).toBe(403);
    expect(void_.body.message).toBe('Too many wrong codes: this code no longer works. Ask for a new one.');
    expect(void_.headers.getSetCookie()).toEqual([]);
    expect(await accountsWith('+8801811000003')).toEqual([]);
  });

  it('refuses an expired code, in Bangla on a Bangla page', async () => {
    expect((await sendCode('01911000004')).status).toBe(200);
    const { code } = await codeSentTo('01911000004');
    // Ten minutes later.
    await server.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.identifier, 'phone-number-otp-+8801911000004'));
    const expired = await call(server, 'POST', '/api/auth/phone-number/verify', {
      body: { phoneNumber: '01911000004', code },
      headers: { 'accept-language': 'bn' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).not.toBe('That code has expired. Ask for a new one.');
    expect(expired.body.message).toMatch(/[\u0980-\u09FF]/);
    expect(await accountsWith('+8801911000004')).toEqual([]);
  });

  it('writes the code in the language of the page that asked for it', async () => {
    expect((await sendCode('01511000005', { 'accept-language': 'bn' })).status).toBe(200);
    const { text } = await codeSentTo('01511000005');
    expect(text).toMatch(/[\u0980-\u09FF]/);
    expect(text).not.toContain('your sign-in code');
  });

  it('refuses a number that is not a Bangladeshi mobile, and sends nothing', async () => {
    const refused = await sendCode('01211000006');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Bangladeshi mobile number/);
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '01211000006'))).toEqual([]);
  });

  it('texts one number at most PHONE_CODES_PER_NUMBER codes an hour, whoever asks', async () => {
    for (let sent = 0; sent < 3; sent += 1) expect((await sendCode('01611000007')).status).toBe(200);
    const fourth = await sendCode('01611000007');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('3600');
    expect(fourth.body.message).toMatch(/^Too many codes sent to this number\. Please wait/);
    const texts = await server.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, '01611000007'), eq(smsOutbox.kind, 'sign-in-code')));
    expect(texts).toHaveLength(3);
  });

  it('has no password routes for phone accounts', async () => {
    const answer = await call(server, 'POST', '/api/auth/sign-in/phone-number', {
      body: { phoneNumber: '+8801711000001', password: 'secret123' },
    });
    expect(answer.status).toBe(404);
  });
});

describe.each(testDatabaseKinds())('sign-in codes per address (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: { PHONE_CODES_PER_ADDRESS: '2' }, outboxTiming: ON_DEMAND });
  });
  afterAll(() => server?.stop());

  it('sends at most PHONE_CODES_PER_ADDRESS codes an hour to one address, over every number', async () => {
    const send = (phoneNumber: string) => call(server, 'POST', '/api/auth/phone-number/send-otp', { body: { phoneNumber } });
    expect((await send('01711000011')).status).toBe(200);
    expect((await send('01711000012')).status).toBe(200);
    const third = await send('01711000013');
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/^Too many sign-in codes asked for from your address\. Please wait/);
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '01711000013'))).toEqual([]);
  });
});
