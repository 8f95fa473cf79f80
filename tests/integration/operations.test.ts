import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { call } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe.each(testDatabaseKinds())('operating the shop on %s', (kind) => {
  let server: TestServer;
  const scrape = () => scrapeMetrics(server);

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, env: { METRICS_TOKEN } });
  });
  afterAll(() => server?.stop());

  it('shows metrics only to the bearer of METRICS_TOKEN', async () => {
    expect((await call(server, 'GET', '/metrics')).status).toBe(401);
    const wrong = await call(server, 'GET', '/metrics', { token: 'scrape-token-0123456780' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect(wrong.body).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('counts requests by route and status, with their latency, and public reads kept or read', async () => {
    const before = await scrape();
    const homeRequests = { method: 'GET', route: '/api/home', status_code: '200' };
    const seen = sample(before, 'http_requests_total', homeRequests) ?? 0;
    const hits = sample(before, 'public_read_cache_hits_total', { read: 'catalogue' }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await call(server, 'GET', '/api/home')).status).toBe(200);
    expect((await call(server, 'GET', '/api/purchase/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const after = await scrape();
    expect(sample(after, 'http_requests_total', homeRequests)).toBe(seen + 3);
    expect(sample(after, 'http_request_duration_seconds_count', homeRequests)).toBe(seen + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...homeRequests, le: '+Inf' })).toBe(seen + 3);
    expect(sample(after, 'http_requests_total', { route: '/api/purchase/:id', status_code: '404' })).toBe(1);
    expect(sample(after, 'public_read_cache_hits_total', { read: 'catalogue' })).toBeGreaterThanOrEqual(hits + 2);
    expect(sample(after, 'public_read_cache_misses_total', { read: 'product' })).toBe(1);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (kind === 'postgres') expect(sample(after, 'db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
  });

  it('is ready only while the database answers and holds every migration', async () => {
    expect(await call(server, 'GET', '/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'up', migrations: 'applied' },
    });
    const removed = (await server.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const [newest] = removed.rows;
    try {
      expect(await call(server, 'GET', '/api/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'not ready', database: 'up', migrations: 'pending' },
      });
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await server.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, ${newest?.hash}, ${newest?.created_at}::bigint)`,
      );
    }
    expect((await call(server, 'GET', '/api/health/ready')).status).toBe(200);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('are not there at all', async () => {
    const answer = await call(server, 'GET', '/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'not_found' } });
  });
});
