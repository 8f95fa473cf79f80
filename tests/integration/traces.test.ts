import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PRODUCT } from '../helpers/catalog.ts';
import { spawnShop } from '../helpers/npm-start.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import { call, signIn, signUpCustomer } from '../helpers/shop-client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { freePort } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (process.env.CI === 'true' && !redisUrl)
  throw new Error('CI=true but REDIS_URL is not set: the Redis spans cannot go untested in CI.');
if (!redisUrl) console.warn('REDIS_URL is not set: the traces are not checked for Redis spans.');

const OWNER = { email: 'owner@shop.test', password: 'owner1234' };
const SERVER_SPAN = 2;

/** A `traceparent` a caller (a load balancer, the merchant's own tracing) sends: its trace and its span. */
const callerContext = () => ({ traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') });
const traceparent = ({ traceId, spanId }: { traceId: string; spanId: string }) => `00-${traceId}-${spanId}-01`;

const databaseSystem = (span: ReceivedSpan) => span.attributes['db.system.name'] ?? span.attributes['db.system'];

// The server runs as production starts it, in a process of its own: the instrumentation wraps pg, ioredis
// and node:http as they load, which a server started inside this test process would not show.
describe.each(['start:prod', 'start'])('traces of `npm run %s` sent to an OTLP collector (R-TRACES)', (script) => {
  let receiver: OtlpReceiver;
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first.');
    receiver = await startOtlpReceiver();
    database = await createTestDatabase('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-traces-'));
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a checkout as one trace under its caller’s traceparent, with its database and Redis spans and no personal data', async () => {
    const server = spawnShop(script, await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    const { child, printed, exited, output } = server;
    const checkout = callerContext();
    const lookup = callerContext();
    let email = '';
    try {
      await printed('is ready on', 90_000);
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      const owner = await signIn(server, OWNER.email, OWNER.password);
      const product = await call(server, 'POST', '/api/addProduct', { token: owner.token, body: NEW_PRODUCT });
      expect(product.status).toBe(201);
      const customer = await signUpCustomer(server);

      const order = await call(server, 'POST', '/api/orders', {
        token: customer.token,
        body: { productId: product.body._id, quantity: 1 },
        headers: { traceparent: traceparent(checkout) },
      });
      expect(order.status).toBe(201);
      // The customer's email in a path and in a query: the spans keep the route and the parameter's name.
      email = customer.email;
      const inAddress = encodeURIComponent(email);
      const userInfo = await call(server, 'GET', `/api/userInfo/${inAddress}?email=${inAddress}`, {
        token: customer.token,
        headers: { traceparent: traceparent(lookup) },
      });
      expect(userInfo.status).toBe(200);

      // Spans wait in memory for their batch; a stop sends them before the process ends.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      server.kill();
    }

    const inTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
    const spans = inTrace(checkout.traceId);
    const request = spans.find((span) => span.kind === SERVER_SPAN);
    expect(request, output()).toMatchObject({
      name: 'POST /api/orders',
      parentSpanId: checkout.spanId,
      service: 'swiftcargo',
      attributes: { 'http.route': '/api/orders', 'http.response.status_code': 201 },
    });
    // Fastify's span of the request sits inside node:http's, and the database's inside Fastify's.
    expect(spans.filter((span) => span.scope === '@fastify/otel').length).toBeGreaterThan(0);
    const queries = spans.filter((span) => databaseSystem(span) === 'postgresql');
    expect(queries.length).toBeGreaterThan(2);
    const spanIds = new Set(spans.map((span) => span.spanId));
    expect(queries.filter((query) => !spanIds.has(query.parentSpanId))).toEqual([]);
    if (redisUrl) expect(spans.filter((span) => databaseSystem(span) === 'redis').length).toBeGreaterThan(0);

    const lookupRequest = inTrace(lookup.traceId).find((span) => span.kind === SERVER_SPAN);
    expect(lookupRequest?.attributes).toMatchObject({ 'url.path': '/api/userInfo/:email', 'url.query': 'email' });
    const everything = JSON.stringify(receiver.spans);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(encodeURIComponent(email));
    // Machines' probes make no traces.
    expect(receiver.spans.filter((span) => String(span.attributes['url.path']).startsWith('/api/health'))).toEqual([]);
  }, 180_000);
});
