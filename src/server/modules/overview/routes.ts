import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { overviewSchema } from '#shared/overview.ts';
import { shopOverview } from './service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/overview',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'shopOverview',
        tags: ['orders'],
        summary:
          'The shop at a glance (admin): sales today, over 7 and 30 days and per day (paid orders not refunded, UTC days), orders by status, low stock, best sellers',
        response: { 200: overviewSchema },
      },
    },
    async () => shopOverview(db, new Date()),
  );
};
