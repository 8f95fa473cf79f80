import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '#server/db/client.ts';
import { migrationsApplied } from '#server/db/migration-state.ts';

/**
 * Liveness (is the process answering, and can it reach its database) apart from readiness (may a load
 * balancer send it customers: the database answers and holds every migration this code expects).
 */
export interface HealthOptions {
  database: DatabaseHandle;
  /** True once SIGTERM came: requests already received are still answered, but no new customers please. */
  shuttingDown: () => boolean;
}

/** Load balancers and orchestrators ask every few seconds: their answers are logged at debug. */
const PROBE = { schema: { hide: true }, config: { accessLogLevel: 'debug' } } as const;

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { database, shuttingDown }) => {
  const reachable = async () => {
    try {
      await database.ping();
      return true;
    } catch (error) {
      app.log.error({ err: error }, 'database ping failed');
      return false;
    }
  };

  app.get('/api/health', PROBE, async (_request, reply) => {
    if (await reachable()) return { status: 'ok', database: 'up' };
    return reply.status(503).send({ status: 'degraded', database: 'down' });
  });

  app.get('/api/health/ready', PROBE, async (_request, reply) => {
    if (shuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    if (!(await reachable())) return reply.status(503).send({ status: 'not ready', database: 'down', migrations: 'unknown' });
    if (!(await migrationsApplied(database.db))) {
      return reply.status(503).send({ status: 'not ready', database: 'up', migrations: 'pending' });
    }
    return { status: 'ready', database: 'up', migrations: 'applied' };
  });
};
