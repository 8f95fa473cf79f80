import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmtpInbox, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const FAST_MAIL = { pollMs: 25, retryBaseMs: 25 };

/** The verification links mailed to `address` so far, once `count` have arrived. */
async function verificationLinks(inbox: SmtpInbox, address: string, count: number): Promise<string[]> {
  const links = () =>
    inbox
      .to(address)
      .filter((mail) => mail.subject.startsWith('Confirm your email'))
      .map((mail) => mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0] ?? '');
  expect(await holdsWithin(10_000, async () => links().length >= count), `${count} verification mails to ${address}`).toBe(true);
  return links();
}

describe.each(testDatabaseKinds())('email verification (R-EMAIL-VERIFY, %s)', (kind) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({
      kind,
      env: { SMTP_URL: inbox.url, REQUIRE_EMAIL_VERIFICATION: 'true' },
      outboxTiming: FAST_MAIL,
    });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  it('a new account is mailed a link, may not order until it follows it, and may ask for the link again', async () => {
    expect((await call(server, 'GET', '/api/sign-in-options')).body).toEqual({ google: false, emailVerification: true });
    const customer = await signUpCustomer(server, { name: 'Vera Check' });
    const product = await addProduct(server, admin, { availableQuantity: 10 });
    const [first] = await verificationLinks(inbox, customer.email, 1);
    expect(first).toContain(server.url);

    const refused = await placeOrder(server, customer, product._id, 2);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: MESSAGES.verifyEmailFirst });
    expect(await stockOf(server, product._id)).toBe(10);

    const resent = await call(server, 'POST', '/api/auth/send-verification-email', {
      cookie: customer.cookie,
      body: { email: customer.email, callbackURL: '/' },
    });
    expect(resent.status).toBe(200);
    const links = await verificationLinks(inbox, customer.email, 2);

    const followed = await fetch(links[1] ?? '', { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/');
    const ordered = await placeOrder(server, customer, product._id, 2);
    expect(ordered.status).toBe(201);
    expect(await stockOf(server, product._id)).toBe(8);
  });

  it('a made-up link verifies nothing', async () => {
    const customer = await signUpCustomer(server);
    await verificationLinks(inbox, customer.email, 1);
    const followed = await fetch(`${server.url}/api/auth/verify-email?token=forged&callbackURL=%2F`, { redirect: 'manual' });
    expect(followed.headers.get('location')).toMatch(/error=/);
    const product = await addProduct(server, admin, { availableQuantity: 10 });
    expect((await placeOrder(server, customer, product._id, 1)).status).toBe(403);
  });
});

describe('without REQUIRE_EMAIL_VERIFICATION (the default)', () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ env: { SMTP_URL: inbox.url }, outboxTiming: FAST_MAIL });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  it('new accounts order at once and get no verification mail', async () => {
    expect((await call(server, 'GET', '/api/sign-in-options')).body).toEqual({ google: false, emailVerification: false });
    const admin = await signInAdmin(server);
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { availableQuantity: 10 });
    expect((await placeOrder(server, customer, product._id, 1)).status).toBe(201);
    expect(await holdsWithin(10_000, async () => inbox.to(customer.email).length > 0)).toBe(true);
    expect(inbox.to(customer.email).map((mail) => mail.subject)).not.toContainEqual(expect.stringMatching(/^Confirm your email/));
  });
});
