import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productSchema } from '../../../shared/product.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { toProduct } from './mapping.ts';
import { listProducts } from './repository.ts';

export const productRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  app.get(
    '/api/home',
    {
      schema: {
        tags: ['products'],
        summary: 'The public product list',
        response: { 200: z.array(productSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return (await listProducts(db)).map(toProduct);
    },
  );
};
