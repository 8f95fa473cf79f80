import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
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
const PROBE = { config: { accessLogLevel: 'debug' } } as const;

const databaseState = z.enum(['up', 'down']);
const liveness = z.object({ status: z.enum(['ok', 'degraded']), database: databaseState });
const readiness = z.object({
  status: z.enum(['ready', 'not ready', 'shutting down']),
  // Left out while shutting down: nothing is asked of the database then.
  database: databaseState.optional(),
  migrations: z.enum(['applied', 'pending', 'unknown']).optional(),
});
const tags = ['operations'];

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

  app.get(
    '/api/health',
    {
      ...PROBE,
      schema: {
        operationId: 'checkLiveness',
        tags,
        summary: 'Liveness: the process answers and reaches its database',
        response: {
          200: liveness.describe('Alive, and the database answers.'),
          503: liveness.describe('Alive, but the database cannot be reached (`degraded`).'),
        },
      },
    },
    async (_request, reply) => {
      if (await reachable()) return { status: 'ok', database: 'up' };
      return reply.status(503).send({ status: 'degraded', database: 'down' });
    },
  );

  app.get(
    '/api/health/ready',
    {
      ...PROBE,
      schema: {
        operationId: 'checkReadiness',
        tags,
        summary: 'Readiness: whether a load balancer may send this instance customers',
        response: {
          200: readiness.describe('Ready: the database answers and holds every migration this code expects.'),
          503: readiness.describe(
            'Not ready: the database is out of reach, a migration is pending, or the instance is stopping (SIGTERM).',
          ),
        },
      },
    },
    async (_request, reply) => {
      if (shuttingDown()) return reply.status(503).send({ status: 'shutting down' });
      if (!(await reachable())) return reply.status(503).send({ status: 'not ready', database: 'down', migrations: 'unknown' });
      if (!(await migrationsApplied(database.db))) {
        return reply.status(503).send({ status: 'not ready', database: 'up', migrations: 'pending' });
      }
      return { status: 'ready', database: 'up', migrations: 'applied' };
    },
  );
};
