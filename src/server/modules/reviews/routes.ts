import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
