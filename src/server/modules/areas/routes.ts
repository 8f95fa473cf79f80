import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { areaSchema, coverageQuerySchema } from '#shared/area.ts';
import { searchAreas } from './places.ts';

/** The shop's coverage (issue 28): where parcels are picked up and delivered, found by name. */
export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/coverage',
    {
      schema: {
        operationId: 'searchCoverage',
        tags: ['coverage'],
        summary: 'Areas whose name (English or Bangla, a typo forgiven) or district’s name matches q, best first',
        querystring: coverageQuerySchema,
        response: { 200: z.array(areaSchema) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'public, max-age=3600').send(searchAreas(request.query.q)),
  );
};
