import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentIntents } from '#server/db/schema.ts';
import {
  SSLCOMMERZ_TEST_STORE,
  type SslcommerzTestServer,
  sslcommerzEnv,
  startSslcommerzTestServer,
} from '../helpers/fake-sslcommerz.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { insertOrder, orderRow } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer } from '../helpers/test-server.ts';

/** R-SSLCOMMERZ: the shop against a local SSLCommerz, over real HTTP, the way SSLCommerz's page and IPN reach it. */
describe.each(testDatabaseKinds())('SSLCommerz payments on %s', (kind) => {
  let server: SslcommerzTestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startSslcommerzTestServer({ kind, env: { METRICS_TOKEN }, logLevel: 'warn' });
    customer = await signUpCustomer(server, { name: 'Rahima Khatun' });
  });
  afterAll(() => server?.stop());

  /** The customer presses "Pay with SSLCommerz" (a plain form POST with the session cookie). */
  const pressPay = (path: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

  /** An order paid on SSLCommerz's page in the fake: the session the shop opened, and the IPN SSLCommerz sent. */
  async function orderWithSession(priceCents = 125_050) {
    const orderId = await insertOrder(server, customer, { priceCents });
    const pressed = await pressPay(`/dashboard/payment/${orderId}/sslcommerz`);
    expect(pressed.status).toBe(303);
    const session = server.fake.lastSession();
    expect(pressed.headers.get('location')).toBe(`${server.fake.url}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${session.sessionKey}`);
    return { orderId, session };
  }

  const ipn = (fields: Record<string, string>) =>
    fetch(`${server.url}/api/sslcommerz/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  const refused = async (reason: string) => sample(await scrapeMetrics(server), 'sslcommerz_refused_total', { reason }) ?? 0;

  it('opens a session for the order’s amount with our own payment id, and pays the order once SSLCommerz validates the IPN', async () => {
    const { orderId, session } = await orderWithSession(125_050);
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(session.fields).toMatchObject({
      tran_id: intent?.id,
      total_amount: '1250.50',
      currency: 'USD',
      success_url: `${server.url}/api/sslcommerz/success`,
      fail_url: `${server.url}/api/sslcommerz/fail`,
      cancel_url: `${server.url}/api/sslcommerz/cancel`,
      ipn_url: `${server.url}/api/sslcommerz/ipn`,
      value_b: 'en',
    });
    // Pressing again (a second tab, a retry) opens a new session for the same payment.
    await pressPay(`/dashboard/payment/${orderId}/sslcommerz`);
    expect(server.fake.lastSession().fields.tran_id).toBe(intent?.id);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false });

    const { fields, ipn: answer } = await server.fake.pay(session.sessionKey);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, paid: true });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, status: 'paid', transactionId: intent?.id });

    // The browser's return after the IPN: the order's page says it is paid.
    const back = await fetch(`${server.url}/api/sslcommerz/success`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields }),
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/dashboard/payment/${orderId}?sslcommerz=paid`);
  });

  it('a parcel’s fee: a session in taka for the booked total, failing changes nothing, the validated IPN pays it (Bangla returns)', async () => {
    const booked = await call<{ trackingCode: string; total: number }>(server, 'POST', '/api/consignments', {
      token: customer.token,
      body: STANDARD_PARCEL,
    });
    expect(booked.status).toBe(201);
    const { trackingCode, total } = booked.body;
    const pressed = await pressPay(`/bn/dashboard/parcels/${trackingCode}/sslcommerz`);
    expect(pressed.status).toBe(303);
    const session = server.fake.lastSession();
    expect(session.fields).toMatchObject({ total_amount: (total / 100).toFixed(2), currency: 'BDT', value_b: 'bn' });
    const returnTo = (outcome: string, fields: Record<string, string>) =>
      fetch(`${server.url}/api/sslcommerz/${outcome}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const failed = await returnTo('fail', { status: 'FAILED', tran_id: session.fields.tran_id ?? '', value_b: 'bn' });
    expect(failed.headers.get('location')).toBe(`/bn/dashboard/parcels/${trackingCode}?sslcommerz=failed`);
    const feePaid = async () => (await call(server, 'GET', `/api/consignments/${trackingCode}`, { token: customer.token })).body;
    expect(await feePaid()).toMatchObject({ feePaid: false });

    const { fields, ipn: answer } = await server.fake.pay(session.sessionKey);
    expect(await answer.json()).toEqual({ received: true, paid: true });
    expect(await feePaid()).toMatchObject({ feePaid: true });
    const back = await returnTo('success', fields);
    expect(back.headers.get('location')).toBe(`/bn/dashboard/parcels/${trackingCode}?sslcommerz=paid`);
  });

  it('a replayed IPN and the browser’s return change nothing a second time: one payment, one timeline entry, one receipt', async () => {
    const { orderId, session } = await orderWithSession(9_900);
    const { fields } = await server.fake.pay(session.sessionKey);
    const succeeded = async () =>
      sample(await scrapeMetrics(server), 'payments_total', { processor: 'sslcommerz', outcome: 'succeeded' }) ?? 0;
    const before = await succeeded();
    for (let replay = 0; replay < 3; replay++) {
      const answer = await ipn(fields);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, paid: true });
    }
    expect(await succeeded()).toBe(before);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.toStatus === 'paid')).toHaveLength(1);
  });

  it('a replayed IPN for an order cancelled before the payment arrived refunds it once and notes it once (R-HOLD)', async () => {
    const { orderId, session } = await orderWithSession(7_700);
    await server.db.update(orders).set({ status: 'cancelled', cancelledBy: 'expiry' }).where(eq(orders.id, orderId));
    const { fields, ipn: first } = await server.fake.pay(session.sessionKey);
    expect(await first.json()).toEqual({ received: true, paid: false });
    expect((await ipn(fields)).status).toBe(200);
    expect([...server.fake.refunds.values()].filter((refund) => refund.refeId === session.fields.tran_id)).toHaveLength(1);
    const notes = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(notes.filter((note) => note.note.includes('was refunded automatically'))).toHaveLength(1);
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('a forged IPN is refused and counted: signed without the store password, or for a val_id SSLCommerz does not know', async () => {
    const { orderId, session } = await orderWithSession(4_000);
    const before = await refused('forged');

    // Fields of a real payment, signed by someone who does not have the store's password.
    const fields = server.fake.take(session.sessionKey);
    const { verify_sign: _sign, verify_key: _key, ...unsigned } = fields;
    const forged = await ipn(server.fake.signed(unsigned, 'not-the-store-password'));
    expect(forged.status).toBe(400);

    // Signed right (the password leaked), but SSLCommerz's validation API does not know the val_id.
    const unknown = await ipn(server.fake.signed({ ...unsigned, val_id: 'val0000forged' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { message: 'This payment report is not from SSLCommerz: it was refused.' },
    });

    // A tran_id the shop never opened.
    expect((await ipn(server.fake.signed({ ...unsigned, tran_id: 'pi_000000000000000000000000' }))).status).toBe(400);

    expect(await refused('forged')).toBe(before + 3);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, status: 'unpaid' });
    // SSLCommerz's own IPN for the payment, signed with the store's password and validated, still pays.
    expect(await (await ipn(fields)).json()).toEqual({ received: true, paid: true });
  });

  it('a validated payment for another amount is refused, logged and counted; the order stays unpaid', async () => {
    const { orderId, session } = await orderWithSession(50_000);
    const before = await refused('mismatch');
    const { ipn: answer } = await server.fake.pay(session.sessionKey, { amount: '5.00' });
    expect(answer.status).toBe(400);
    expect(await refused('mismatch')).toBe(before + 1);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, status: 'unpaid' });
    expect(server.log.filter((line) => line.msg?.includes('another amount or currency'))).toMatchObject([
      { level: 50, asked: { amountCents: 50_000, currency: 'usd' }, validated: { amountCents: 500, currency: 'usd' } },
    ]);
  });

  it('an admin refunds a paid order through SSLCommerz’s refund API once, keyed by our payment id (R-ORDER-REFUND)', async () => {
    const { orderId, session } = await orderWithSession(2_500);
    await server.fake.pay(session.sessionKey);
    const admin = await signInAdmin(server);
    const answer = await call(server, 'POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: {} });
    expect(answer.status).toBe(200);
    const refunds = [...server.fake.refunds.values()].filter((refund) => refund.refeId === session.fields.tran_id);
    expect(refunds).toMatchObject([{ amount: '25.00' }]);
    expect(answer.body.timeline.at(-1)).toMatchObject({ to: 'refunded', note: `Refund ${refunds[0]?.refundRefId}.` });
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(intent).toMatchObject({ status: 'refunded', refundId: refunds[0]?.refundRefId });
    expect((await call(server, 'POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: {} })).status).toBe(
      409,
    );
    expect([...server.fake.refunds.values()].filter((refund) => refund.refeId === session.fields.tran_id)).toHaveLength(1);
  });

  it('the store password never reaches the log, even when SSLCommerz is out of reach', async () => {
    const offline = await startTestServer({ kind, env: sslcommerzEnv('http://127.0.0.1:9'), logLevel: 'warn' });
    try {
      const shopper = await signUpCustomer(offline);
      const orderId = await insertOrder(offline, shopper, { priceCents: 1_000 });
      const pressed = await fetch(`${offline.url}/bn/dashboard/payment/${orderId}/sslcommerz`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(pressed.status).toBe(303);
      expect(pressed.headers.get('location')).toBe(`/bn/dashboard/payment/${orderId}?sslcommerz=unavailable`);
      const logged = JSON.stringify(offline.log);
      expect(logged).toContain('SSLCommerz: opening a session failed');
      expect(logged).not.toContain(SSLCOMMERZ_TEST_STORE.storePassword);
    } finally {
      await offline.stop();
    }
  });
});
