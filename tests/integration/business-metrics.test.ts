import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, mailOutbox, products } from '#server/db/schema.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { chargeTestCard, insertOrder, payWithTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmtpInbox, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The workers wait for the test to run their rounds; a refused mail is due again at once. */
const TEST_ROUNDS = { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 };
const redisUrl = process.env.REDIS_URL || undefined;

/** The route labels http_requests_total carries. */
const routeLabels = (metrics: string) =>
  new Set([...metrics.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map(([, route]) => route ?? ''));

describe.each(testDatabaseKinds())('business metrics on %s (R-METRICS)', (kind) => {
  let server: TestServer;
  let inbox: SmtpInbox;
  let customer: SignedInCustomer;
  const scrape = () => scrapeMetrics(server);
  const unsentMail = async () =>
    (await server.db.select({ unsent: count() }).from(mailOutbox).where(isNull(mailOutbox.deliveredAt)))[0]?.unsent;

  beforeAll(async () => {
    inbox = await startSmtpInbox({ refuseFirst: 1 });
    server = await startTestServer({ kind, seed: true, env: { METRICS_TOKEN, SMTP_URL: inbox.url }, outboxTiming: TEST_ROUNDS });
    customer = await signUpCustomer(server);
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  it('shows the mail outbox’s backlog, its oldest mail’s age and the refused sends', async () => {
    // The sign-up's mail waits; written two minutes ago, as if the SMTP server had been away since.
    await server.db.update(mailOutbox).set({ createdAt: sql`now() - interval '2 minutes'` });
    const waiting = await unsentMail();
    expect(waiting).toBeGreaterThan(0);
    const before = await scrape();
    expect(sample(before, 'outbox_unsent', { outbox: 'mail' })).toBe(waiting);
    expect(sample(before, 'outbox_oldest_unsent_age_seconds', { outbox: 'mail' })).toBeGreaterThanOrEqual(120);
    expect(sample(before, 'outbox_unsent', { outbox: 'sms' })).toBe(0);
    expect(sample(before, 'outbox_oldest_unsent_age_seconds', { outbox: 'webhook' })).toBe(0);
    expect(sample(before, 'outbox_send_failures_total', { outbox: 'mail' }) ?? 0).toBe(inbox.refusals);

    // The SMTP server refuses one mail: in the round the worker ran at start, or in the first of these.
    await server.app.mailWorker.deliverDue();
    await server.app.mailWorker.deliverDue();
    const after = await scrape();
    expect(await unsentMail()).toBe(0);
    expect(sample(after, 'outbox_unsent', { outbox: 'mail' })).toBe(0);
    expect(sample(after, 'outbox_oldest_unsent_age_seconds', { outbox: 'mail' })).toBe(0);
    expect(inbox.refusals).toBe(1);
    expect(sample(after, 'outbox_send_failures_total', { outbox: 'mail' })).toBe(1);
  });

  it('counts payments by processor and outcome, and orders’ moves from status to status', async () => {
    const admin = await signInAdmin(server);
    const before = await scrape();
    const payments = (outcome: string, metrics: string) => sample(metrics, 'payments_total', { processor: 'test', outcome }) ?? 0;
    const moves = (from: string, to: string, metrics: string) => sample(metrics, 'order_status_changes_total', { from, to }) ?? 0;

    const orderId = await insertOrder(server, customer);
    const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect((await chargeTestCard(server, customer, started.body.clientSecret, '4000 0000 0000 0002')).status).toBe(402);
    await payWithTestCard(server, customer, orderId);
    const refunded = await call(server, 'POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: {} });
    expect(refunded.status).toBe(200);

    const after = await scrape();
    expect(payments('declined', after)).toBe(payments('declined', before) + 1);
    expect(payments('succeeded', after)).toBe(payments('succeeded', before) + 1);
    expect(payments('refunded', after)).toBe(payments('refunded', before) + 1);
    expect(moves('unpaid', 'paid', after)).toBe(moves('unpaid', 'paid', before) + 1);
    expect(moves('paid', 'refunded', after)).toBe(moves('paid', 'refunded', before) + 1);
  });

  it('shows parcels by status from the database and counts their moves', async () => {
    const admin = await signInAdmin(server);
    const booked = await call(server, 'POST', '/api/consignments', { token: customer.token, body: STANDARD_PARCEL });
    expect(booked.status).toBe(201);
    await payParcelFee(server, customer, booked.body.trackingCode);
    const before = await scrape();
    const scanned = await call(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [booked.body.trackingCode], status: 'picked_up' },
    });
    expect(scanned.status).toBe(200);

    const after = await scrape();
    const inStatus = async (status: 'booked' | 'picked_up') =>
      (await server.db.select({ parcels: count() }).from(consignments).where(eq(consignments.status, status)))[0]?.parcels;
    expect(sample(after, 'consignments', { status: 'picked_up' })).toBe(await inStatus('picked_up'));
    expect(sample(after, 'consignments', { status: 'booked' })).toBe(await inStatus('booked'));
    expect(sample(after, 'consignments', { status: 'delivered' })).toBe(0);
    expect(sample(after, 'consignments', { status: 'picked_up' })).toBe(
      (sample(before, 'consignments', { status: 'picked_up' }) ?? 0) + 1,
    );
    expect(sample(after, 'parcel_moves_total', { status: 'picked_up' })).toBe(
      (sample(before, 'parcel_moves_total', { status: 'picked_up' }) ?? 0) + 1,
    );
  });

  it('leaves out only the gauges whose read fails, and the scrape still answers', async () => {
    await server.db.execute(sql`alter table consignments rename to consignments_away`);
    try {
      const metrics = await scrape();
      expect(sample(metrics, 'consignments')).toBeUndefined();
      expect(sample(metrics, 'outbox_unsent', { outbox: 'mail' })).toBe(await unsentMail());
      expect(sample(metrics, 'change_bus_connected')).toBe(1);
      expect(sample(metrics, 'http_requests_total')).toBeGreaterThan(0);
    } finally {
      await server.db.execute(sql`alter table consignments_away rename to consignments`);
    }
    expect(sample(await scrape(), 'consignments', { status: 'booked' })).toBeGreaterThanOrEqual(0);
  });

  it('says whether the other instances are heard, by transport', async () => {
    const metrics = await scrape();
    if (kind === 'pglite') expect(sample(metrics, 'change_bus_connected', { transport: 'memory' })).toBe(1);
    else expect(sample(metrics, 'change_bus_connected', { transport: 'postgres' })).toBe(1);
    expect(sample(metrics, 'change_bus_connected')).toBe(1);
  });

  it('labels server-rendered pages by the web app’s route, answered routed or from memory', async () => {
    const [product] = await server.db.select({ id: products.id }).from(products).limit(1);
    const before = await scrape();
    const served = (route: string, status: string, metrics: string) =>
      sample(metrics, 'http_requests_total', { method: 'GET', route, status_code: status }) ?? 0;
    for (let round = 0; round < 2; round++) {
      expect((await call(server, 'GET', `/purchase/${product?.id}`)).status).toBe(200);
      expect((await call(server, 'GET', `/bn/purchase/${product?.id}`)).status).toBe(200);
      expect((await call(server, 'GET', '/')).status).toBe(200);
    }
    expect((await call(server, 'GET', '/no/such/page')).status).toBe(404);

    const after = await scrape();
    expect(served('/purchase/:id', '200', after)).toBe(served('/purchase/:id', '200', before) + 2);
    expect(served('/bn/purchase/:id', '200', after)).toBe(served('/bn/purchase/:id', '200', before) + 2);
    expect(served('/', '200', after)).toBe(served('/', '200', before) + 2);
    expect(served('unknown page', '404', after)).toBe(served('unknown page', '404', before) + 1);
    expect(routeLabels(after)).not.toContain('/*');
    expect([...routeLabels(after)].filter((route) => route.includes('/no/'))).toEqual([]);
  });
});

// Redis carries the changes whichever database the shop runs on.
describe.runIf(redisUrl)('the change bus through Redis in /metrics (R-METRICS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN, REDIS_URL: redisUrl ?? '' } });
  });
  afterAll(() => server?.stop());

  it('is connected through redis', async () => {
    const metrics = await scrapeMetrics(server);
    expect(sample(metrics, 'change_bus_connected', { transport: 'redis' })).toBe(1);
  });
});
