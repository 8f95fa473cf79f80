import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageQuerySchema, coverageSuggestionSchema } from '#shared/area.ts';
import { suggestPlaces } from './suggestions.ts';

/** The shop's coverage (issue 28): where parcels are picked up and delivered, found by name. */
export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/coverage',
    {
      schema: {
        operationId: 'searchCoverage',
        tags: ['coverage'],
        summary:
          'Areas, and the neighbourhoods, post offices and unions within them, whose name (English or Bangla, a typo forgiven) or postcode matches q, best first, each with the area that prices it',
        querystring: coverageQuerySchema,
        response: { 200: z.array(coverageSuggestionSchema) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'public, max-age=3600').send(suggestPlaces(request.query.q)),
  );
};
