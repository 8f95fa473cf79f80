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
  pickupRiderSchema,
  pickupSchema,
  pickupsAheadSchema,
  staffPickupSchema,
} from '#shared/pickup.ts';
import { cancelPickup, listMyPickups, pickupsAhead, pickupsOn, requestPickup, sendRiderToPickup, todayIn } from './service.ts';

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
      // Operators send riders to them too (R-PICKUPS-AHEAD).
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'listDayPickups',
        tags: ['parcels'],
        summary:
          'One day’s pickups (today by default), area by area and window by window, each with the rider sent (operators and admins), a page at a time: send back `next` as `cursor` for the rest (an area may go on into the next page)',
        querystring: z.object({ day: calendarDaySchema(PICKUP_MESSAGES.day).optional(), cursor: listCursorSchema }),
        errors: [400],
        response: { 200: dayPickupsSchema },
      },
    },
    async (request) => pickupsOn(db, request.query.day ?? todayIn(config), request.query.cursor),
  );

  app.get(
    '/api/admin/pickups/ahead',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'listPickupsAhead',
        tags: ['parcels'],
        summary:
          'Today and the next 14 days with pickups (operators and admins): each day’s pickups not cancelled, their parcels, and how many have no rider yet',
        response: { 200: pickupsAheadSchema },
      },
    },
    async () => pickupsAhead(db, todayIn(config)),
  );

  app.put(
    '/api/admin/pickups/:id/rider',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'sendRiderToPickup',
        tags: ['parcels'],
        summary:
          'Sends a rider (by email) to collect a pickup, or none (`null`), operators and admins; a cancelled pickup takes none (409)',
        params: pickupIdParamsSchema,
        body: pickupRiderSchema,
        errors: [400, 403, 404, 409],
        response: { 200: staffPickupSchema.pick({ id: true, rider: true }) },
      },
    },
    async (request) => sendRiderToPickup(db, request.params.id, request.body.rider),
  );
};
