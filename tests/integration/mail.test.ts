import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { mailingShop } from '#server/modules/mail/templates/layout.ts';
import { MailWorker } from '#server/modules/mail/worker.ts';
import { DEFAULT_OUTBOX_TIMING } from '#server/outbox/polling-worker.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { addProduct, placeOrder } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { call, type SignedInCustomer, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const FAST_MAIL = { pollMs: 25, retryBaseMs: 25 };
const nextYear = new Date().getFullYear() + 1;

/** The one mail to `address` whose subject starts with `subject`, once it has arrived. */
async function arrived(inbox: SmtpInbox, address: string, subject: string): Promise<ReceivedMail> {
  const matching = () => inbox.to(address).filter((mail) => mail.subject.startsWith(subject));
  expect(await holdsWithin(10_000, async () => matching().length > 0), `a mail "${subject}" to ${address}`).toBe(true);
  expect(matching()).toHaveLength(1);
  return matching()[0] as ReceivedMail;
}

/** Pays an order with the built-in test processor's succeeding card; answers the transaction id. */
async function payOrder(server: TestServer, customer: SignedInCustomer, orderId: string): Promise<string> {
  const intent = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
  const paid = await call(server, 'POST', '/api/test-payments/confirm', {
    token: customer.token,
    body: {
      clientSecret: intent.body.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
      billingDetails: { name: customer.name, email: customer.email },
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.paymentIntent.id;
}

function expectNothingRemote(mail: ReceivedMail, server: TestServer) {
  expect(mail.html).not.toMatch(/<img/i);
  const addresses = [...`${mail.html} ${mail.text}`.matchAll(/https?:\/\/[^\s"'<]+/g)].map(([address]) => address);
  for (const address of addresses) expect(address.startsWith(server.url)).toBe(true);
}

describe.each(testDatabaseKinds())('mail over SMTP on %s', (kind) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ kind, env: { SMTP_URL: inbox.url }, outboxTiming: FAST_MAIL });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  it('a new account is welcomed by the shop, in HTML and plain text, from no-reply at the shop’s host', async () => {
    const customer = await signUpCustomer(server, { name: 'Ines Moreau' });
    const mail = await arrived(inbox, customer.email, 'Welcome to SwiftCargo');
    expect(mail.from).toBe('SwiftCargo <no-reply@127.0.0.1>');
    expect(mail.text).toContain('Hello Ines Moreau,');
    expect(mail.html).toContain('Hello Ines Moreau,');
    expect(mail.html).toContain('<h1 style="margin:0 0 24px;font-size:20px">SwiftCargo</h1>');
    expectNothingRemote(mail, server);
  });

  it('placing and paying an order each mail the customer the product and total; the receipt has the transaction id', async () => {
    const customer = await signUpCustomer(server, { name: 'Kwame Mensah' });
    const product = await addProduct(server, admin, { name: 'Cargo Scale 300', price: '12.25' });
    const order = (await placeOrder(server, customer, product._id, 3)).body;

    const received = await arrived(inbox, customer.email, 'We received your order');
    for (const fact of ['Cargo Scale 300', 'Quantity: 3', 'Total: $ 36.75', `${server.url}/dashboard/payment/${order._id}`]) {
      expect(received.text).toContain(fact);
    }
    expect(received.html).toContain('Cargo Scale 300');
    expect(received.html).toContain('$ 36.75');
    expectNothingRemote(received, server);

    const transactionId = await payOrder(server, customer, order._id);
    const receipt = await arrived(inbox, customer.email, 'Payment receipt');
    for (const fact of ['Cargo Scale 300', 'Amount paid: $ 36.75', `Transaction id: ${transactionId}`, 'Date: ']) {
      expect(receipt.text).toContain(fact);
    }
    expect(receipt.html).toContain(transactionId);
    // When it was paid, in the shop's time zone (Dhaka, six hours ahead of UTC all year), and said so.
    const [mine] = (
      await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, { token: customer.token })
    ).body;
    const paidAt = new Date(mine?.timeline.find((event) => event.to === 'paid')?.at ?? '');
    const dhakaHour = String((paidAt.getUTCHours() + 6) % 24).padStart(2, '0');
    expect(receipt.text).toMatch(new RegExp(`Date: \\w{3} \\d{1,2}, \\d{4}, ${dhakaHour}:\\d{2} \\(Asia/Dhaka\\)`));
    // The customer's own data only: nobody else's order or address is in their mails.
    expect(`${received.text}${receipt.text}`).not.toContain(admin.email);
  });

  it('a cancelled order is mailed, saying whether the customer, the shop or the unpaid-order expiry cancelled it', async () => {
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { name: 'Pallet Jack Lite' });
    const own = (await placeOrder(server, customer, product._id, 1)).body;
    expect((await call(server, 'DELETE', `/api/removeItem/${own._id}`, { token: customer.token })).status).toBe(200);
    const byCustomer = await arrived(inbox, customer.email, 'Your order was cancelled');
    expect(byCustomer.text).toContain('As you asked, we cancelled your unpaid order.');
    expect(byCustomer.text).toContain('Pallet Jack Lite');

    const other = await signUpCustomer(server);
    const theirs = (await placeOrder(server, other, product._id, 2)).body;
    expect((await call(server, 'DELETE', `/api/deleteOrders/${theirs._id}`, { token: admin.token })).status).toBe(200);
    const byShop = await arrived(inbox, other.email, 'Your order was cancelled');
    expect(byShop.text).toContain('We had to cancel your unpaid order.');

    const forgetful = await signUpCustomer(server);
    const unpaid = (await placeOrder(server, forgetful, product._id, 1)).body;
    const hoursLater = new Date(Date.now() + 3 * 60 * 60_000);
    expect((await server.app.orderExpiry.sweep(hoursLater)).map((order) => order._id)).toContain(unpaid._id);
    const byExpiry = await arrived(inbox, forgetful.email, 'Your order was cancelled');
    expect(byExpiry.text).toContain('Your order stayed unpaid longer than we hold stock for');
  });

  it('forgot password: the mailed link sets a new password once; the old password and other sessions stop working', async () => {
    const customer = await signUpCustomer(server, { password: 'oldpass1' });
    const otherDevice = await signIn(server, customer.email, 'oldpass1');
    const asked = await call(server, 'POST', '/api/auth/request-password-reset', {
      body: { email: customer.email, redirectTo: `${server.url}/reset-password` },
    });
    const unknown = await call(server, 'POST', '/api/auth/request-password-reset', {
      body: { email: 'nobody-here@example.com', redirectTo: `${server.url}/reset-password` },
    });
    expect([asked.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.body).toEqual(asked.body);

    const mail = await arrived(inbox, customer.email, 'Reset your password');
    const token = decodeURIComponent(/\/reset-password\?token=([^\s"<]+)/.exec(mail.text)?.[1] ?? '');
    expect(token).not.toBe('');
    expect(mail.html).toContain(`${server.url}/reset-password?token=`);

    const weak = await call(server, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'letters' } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MESSAGES.passwordWeak);

    const reset = await call(server, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'newpass2' } });
    expect(reset.status).toBe(200);
    const again = await call(server, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'thirdpass3' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.resetLinkInvalid);

    const old = await call(server, 'POST', '/api/auth/sign-in/email', { body: { email: customer.email, password: 'oldpass1' } });
    expect(old.status).toBe(401);
    await signIn(server, customer.email, 'newpass2');
    const session = await call(server, 'GET', '/api/auth/get-session', { cookie: otherDevice.cookie });
    expect(session.body).toBeNull();

    await server.app.mailWorker.deliverDue();
    expect(inbox.to('nobody-here@example.com')).toEqual([]);
  });
});

describe('mail retried after refusals', () => {
  let inbox: SmtpInbox;
  let server: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox({ refuseFirst: 3 });
    server = await startTestServer({ env: { SMTP_URL: inbox.url }, outboxTiming: FAST_MAIL });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  it('an SMTP server that refuses the first three tries still gets each mail exactly once', async () => {
    const customer = await signUpCustomer(server);
    await arrived(inbox, customer.email, 'Welcome to SwiftCargo');
    const allDelivered = async () => (await server.db.select().from(mailOutbox)).every((row) => row.deliveredAt !== null);
    expect(await holdsWithin(10_000, allDelivered)).toBe(true);
    expect(inbox.refusals).toBe(3);
    await server.app.mailWorker.deliverDue();
    const rows = await server.db.select().from(mailOutbox);
    for (const row of rows) {
      expect(inbox.to(row.recipient)).toHaveLength(1);
      expect(row).toMatchObject({ deliveredBy: 'smtp', lastError: null });
    }
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(rows.length + 3);
  });
});

describe('mail while the SMTP server is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    const inbox = await startSmtpInbox();
    await inbox.stop();
    server = await startTestServer({ env: { SMTP_URL: inbox.url }, outboxTiming: FAST_MAIL });
  });
  afterAll(() => server?.stop());

  it('waits in the outbox, visibly retried with the reason, and is not marked sent', async () => {
    const customer = await signUpCustomer(server);
    const retried = await holdsWithin(10_000, async () => {
      const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, customer.email));
      return (row?.attempts ?? 0) >= 2 && row?.deliveredAt === null && /ECONNREFUSED/.test(row?.lastError ?? '');
    });
    expect(retried).toBe(true);
  });
});

describe.each(testDatabaseKinds())('without SMTP_URL on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    // The server's own worker looks only at start, so the test's worker (whose log it reads) takes the mails.
    server = await startTestServer({ kind, outboxTiming: { pollMs: 60 * 60_000 } });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('the admin Mailbox shows the same mails, kept in the outbox; customers and visitors cannot read it', async () => {
    const customer = await signUpCustomer(server, { name: 'Lena Vogel' });
    const product = await addProduct(server, admin, { name: 'Dock Ramp 2m', price: '80.00' });
    const order = (await placeOrder(server, customer, product._id, 2)).body;
    await call(server, 'POST', '/api/auth/request-password-reset', {
      body: { email: customer.email, redirectTo: `${server.url}/reset-password` },
    });

    const printed: string[] = [];
    const log = { info: (_facts: object, line: string) => printed.push(line) } as unknown as FastifyBaseLogger;
    const shop = mailingShop(server.config, server.app.translators);
    await new MailWorker({ db: server.db, shop, from: server.config.mail.from, log, timing: DEFAULT_OUTBOX_TIMING }).deliverDue();
    // Only the mails with a link the customer must follow are printed: the reset link and the payment page.
    expect(printed).toHaveLength(2);
    expect(printed.some((line) => line.includes(`${server.url}/reset-password?token=`))).toBe(true);
    expect(printed.some((line) => line.includes(`${server.url}/dashboard/payment/${order._id}`))).toBe(true);

    const mailbox = (await call(server, 'GET', '/api/mailbox', { token: admin.token })).body;
    const mine = mailbox.filter((mail: { to: string }) => mail.to === customer.email);
    expect(mine.map((mail: { kind: string }) => mail.kind)).toEqual(['password-reset', 'order-received', 'welcome']);
    expect(mine.map((mail: { status: string }) => mail.status)).toEqual(['kept', 'kept', 'kept']);
    const [reset, received] = mine;
    expect(reset.text).toContain(`${server.url}/reset-password?token=`);
    expect(received.subject).toBe('We received your order — SwiftCargo');
    expect(received.text).toContain('Dock Ramp 2m');
    expect(received.text).toContain('Total: $ 160.00');
    expect(received.html).toContain(`${server.url}/dashboard/payment/${order._id}`);

    expect((await call(server, 'GET', '/api/mailbox', { token: customer.token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/mailbox')).status).toBe(401);
  });
});
