import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { DatabaseHandle } from '#server/db/client.ts';
import { errorBody } from '#server/http/errors.ts';
import { metricsTokenSecurity } from '#server/http/openapi.ts';
import { routeLabel } from '#server/http/route-label.ts';
import { registerBusinessMetrics } from './business-metrics.ts';

/** Requests that matched no route share one label, so a scan of random paths cannot grow the metrics. */
const UNMATCHED = 'unmatched';

function sameToken(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at GET /metrics, for the bearer of METRICS_TOKEN only. Without a token nothing is
 * measured (prom-client is not even loaded, which keeps it off the start-up time) and the route answers
 * 404, so an unconfigured shop shows nothing about itself.
 */
async function metricsPlugin(
  app: FastifyInstance,
  { token, database, timeZone }: { token?: string; database: DatabaseHandle; timeZone: string },
) {
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send(errorBody('not_found', 'No API route GET /metrics.')),
    );
    return;
  }
  const promClient = await import('prom-client');
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = promClient;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: open, idle, and queries waiting for one (absent on the embedded database)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = database.poolUse();
      if (!use) return;
      for (const [state, count] of Object.entries(use)) this.set({ state }, count);
    },
  });
  const cacheCount = (name: string, help: string, counts: () => Map<string, number>) =>
    new Counter({
      name,
      help,
      labelNames: ['read'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [read, count] of counts()) this.inc({ read }, count);
      },
    });
  cacheCount('public_read_cache_hits_total', 'Public reads answered from memory', () => app.publicReads.hits);
  cacheCount('public_read_cache_misses_total', 'Public reads that went to the database', () => app.publicReads.misses);

  const stopHearing = registerBusinessMetrics(promClient, registry, {
    db: database.db,
    changeBus: app.changeBus,
    log: app.log,
    timeZone,
  });
  app.addHook('onClose', async () => stopHearing());

  const answered = (method: string, route: string, statusCode: number, seconds: number) => {
    const labels = { method, route, status_code: statusCode };
    requests.inc(labels);
    durations.observe(labels, seconds);
  };
  app.addHook('onResponse', async (request, reply) =>
    answered(request.method, routeLabel(request) ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000),
  );
  app.answersBeforeRouting.observe = (route, statusCode, seconds) => answered('GET', route, statusCode, seconds);

  // Typed as any schema, so the handler's own 401 is not held to the 200 declared here.
  const schema: FastifySchema = {
    operationId: 'readMetrics',
    tags: ['operations'],
    summary: 'This instance’s Prometheus metrics, for the bearer of METRICS_TOKEN',
    security: metricsTokenSecurity,
    response: {
      200: {
        description: 'The metrics in Prometheus’s text exposition format (version 0.0.4).',
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  };
  app.get('/metrics', { schema }, async (request, reply) => {
    if (!sameToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('unauthorized', 'Metrics need the METRICS_TOKEN as a bearer token.'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['public-reads'] });
