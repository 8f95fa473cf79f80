import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { parcelRequestLimit } from '#server/http/rate-limits.ts';
import { listCursorSchema } from '#shared/parcel-lists.ts';
import {
  calendarDaySchema,
  dayPickupsSchema,
  PICKUP_MESSAGES,
  pickupIdParamsSchema,
  pickupInputSchema,
  pickupSchema,
} from '#shared/pickup.ts';
import { cancelPickup, listMyPickups, pickupsOn, requestPickup, todayIn } from './service.ts';

/** Pickups (issue 28): a sender asks for a courier; admins see each day's, area by area. */
export const pickupRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/api/pickups',
    {
      onRequest: app.requireUser,
      config: parcelRequestLimit(config.rateLimits, /*i18n*/ 'pickup requests'),
      schema: {
        operationId: 'requestPickup',
        tags: ['parcels'],
        summary:
          'Ask for a courier to collect parcels: an area that offers pickups, a working day from today to 14 days ahead, a time window not yet begun',
        body: pickupInputSchema,
        response: { 201: pickupSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await requestPickup({ db, config }, viewerOf(request), request.body)),
  );

  app.post(
    '/api/pickups/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'cancelPickup',
        tags: ['parcels'],
        summary:
          'Cancel one of your pickups before its time window begins (404 if it is not yours, 409 if already cancelled or its window has begun)',
        params: pickupIdParamsSchema,
        errors: [404, 409],
        response: { 200: pickupSchema },
      },
    },
    async (request) => cancelPickup({ db, config }, viewerOf(request), request.params.id),
  );

  app.get(
    '/api/pickups',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listMyPickups',
        tags: ['parcels'],
        summary: 'Your pickups, the latest asked for first',
        response: { 200: z.array(pickupSchema) },
      },
    },
    async (request) => listMyPickups(db, viewerOf(request)),
  );

  app.get(
    '/api/admin/pickups',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'listDayPickups',
        tags: ['parcels'],
        summary:
          'One day’s pickups (today by default), area by area and window by window (admin), a page at a time: send back `next` as `cursor` for the rest (an area may go on into the next page)',
        querystring: z.object({ day: calendarDaySchema(PICKUP_MESSAGES.day).optional(), cursor: listCursorSchema }),
        errors: [400],
        response: { 200: dayPickupsSchema },
      },
    },
    async (request) => pickupsOn(db, request.query.day ?? todayIn(config), request.query.cursor),
  );
};
