import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { parcelRequestLimit } from '#server/http/rate-limits.ts';
import {
  freightIdParamsSchema,
  freightQuoteSchema,
  freightRequestInputSchema,
  freightRequestSchema,
  freightScheduleSchema,
} from '#shared/freight.ts';
import { acceptFreight, declineFreight, listFreight, quoteFreight, requestFreight, scheduleFreight } from './service.ts';

/** Freight for big loads (issue 28): requested, quoted by an admin, accepted by the customer, scheduled. */
export const freightRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const context = { db, config };

  app.post(
    '/api/freight-requests',
    {
      onRequest: app.requireUser,
      config: parcelRequestLimit(config.rateLimits, /*i18n*/ 'freight requests'),
      schema: {
        operationId: 'requestFreight',
        tags: ['freight'],
        summary:
          'Ask for a freight quote (road, air, ocean or warehousing): the request is `requested` and its receipt is mailed',
        body: freightRequestInputSchema,
        response: { 201: freightRequestSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await requestFreight(context, viewerOf(request), request.body)),
  );

  app.get(
    '/api/freight-requests',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listFreightRequests',
        tags: ['freight'],
        summary: 'Your freight requests (admins: everyone’s), the newest first; a quote past its last valid day is `expired`',
        response: { 200: z.array(freightRequestSchema) },
      },
    },
    async (request) => listFreight(context, viewerOf(request), await app.isAdmin(viewerOf(request).userId)),
  );

  app.post(
    '/api/admin/freight-requests/:id/quote',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'quoteFreight',
        tags: ['freight'],
        summary:
          'Price a requested (or expired) freight request: an amount in poisha and its last valid day; the customer is mailed (admin)',
        params: freightIdParamsSchema,
        body: freightQuoteSchema,
        errors: [404, 409],
        response: { 200: freightRequestSchema },
      },
    },
    async (request) => quoteFreight(context, request.params.id, request.body),
  );

  app.post(
    '/api/freight-requests/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'acceptFreight',
        tags: ['freight'],
        summary: 'Accept your freight quote while it is valid (409 once expired); the customer is mailed',
        params: freightIdParamsSchema,
        errors: [404, 409],
        response: { 200: freightRequestSchema },
      },
    },
    async (request) => acceptFreight(context, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/freight-requests/:id/decline',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'declineFreight',
        tags: ['freight'],
        summary:
          'Turn your freight quote down while it is valid (issue 42): the request is `declined`, and the freight team may price it again',
        params: freightIdParamsSchema,
        errors: [404, 409],
        response: { 200: freightRequestSchema },
      },
    },
    async (request) => declineFreight(context, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/admin/freight-requests/:id/schedule',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'scheduleFreight',
        tags: ['freight'],
        summary: 'Give an accepted freight request the day it moves; the customer is mailed (admin)',
        params: freightIdParamsSchema,
        body: freightScheduleSchema,
        errors: [404, 409],
        response: { 200: freightRequestSchema },
      },
    },
    async (request) => scheduleFreight(context, request.params.id, request.body.scheduledFor),
  );
};
