import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type AdminParcelsPage,
  adminParcelsPageSchema,
  adminParcelsQuerySchema,
  myParcelsQuerySchema,
  myParcelsSearchSchema,
  parcelsPageSchema,
} from '#shared/parcel-lists.ts';
import { namedPlace } from '../areas/places.ts';
import { findAreas } from '../rates/service.ts';
import { operationsClock } from './operations.ts';
import { adminParcelFilter, cappedCount, parcelsPage } from './parcel-lists.ts';
import { sendersParcelsPage } from './service.ts';

/** Lists of parcels (issue 40): My Parcels' whole history, searched, and the admins' list of every parcel. */
export const parcelListRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/consignments',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listMyConsignments',
        tags: ['parcels'],
        summary:
          'My Parcels: your booked parcels, newest first, all of them a page at a time (send back `next` as `cursor` for the older ones); `status` keeps one status',
        querystring: myParcelsQuerySchema,
        errors: [400],
        response: { 200: parcelsPageSchema },
      },
    },
    async (request) => sendersParcelsPage(db, config, viewerOf(request).userId, request.query),
  );

  app.post(
    '/api/consignments/search',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'searchMyConsignments',
        tags: ['parcels'],
        summary:
          'Searches your parcels, newest first, a page at a time: `q` is a tracking code, an invoice number or a recipient’s phone (exactly) or part of a recipient’s name. In the body, since a phone or a name is never put in an address',
        body: myParcelsSearchSchema,
        errors: [400],
        response: { 200: parcelsPageSchema },
      },
    },
    async (request) => sendersParcelsPage(db, config, viewerOf(request).userId, request.body),
  );

  app.get(
    '/api/admin/parcels',
    {
      // Hub operators list their hub's parcels and act on them (R-HUB-LISTS, decision 173).
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'listAllParcels',
        tags: ['parcels'],
        summary:
          'Every parcel (operators and admins), newest first, a page at a time (send back `next` as `cursor`): by status, hub, merchant, recipient’s area (its id or name), booked between two shop days, or a tracking code, invoice number or recipient’s phone; Operations’ counts opened (stuck, failed for a reason, a rider’s, cash not handed in); a hub’s inbound, on-hand and outbound parcels; the first page counts the matches up to 10,000',
        querystring: adminParcelsQuerySchema,
        errors: [400],
        response: { 200: adminParcelsPageSchema },
      },
    },
    async (request): Promise<AdminParcelsPage> => {
      // An area as typed ("Savar, Dhaka") or by its id, read as a booking reads it (R-COVERAGE).
      const area = request.query.area ? findAreas({ area: request.query.area }).area.id : undefined;
      const where = adminParcelFilter({ ...request.query, area }, config.timeZone, operationsClock(config, new Date()));
      const { cursor } = request.query;
      const [page, count] = await Promise.all([
        parcelsPage(db, where, cursor, LIMITS.parcelsPageSize),
        cursor ? null : cappedCount(db, where),
      ]);
      return {
        parcels: page.rows.map(({ parcel, merchant }) => ({
          trackingCode: parcel.trackingCode,
          status: parcel.status,
          hub: parcel.hub,
          merchant,
          merchantInvoice: parcel.merchantInvoice,
          recipientArea: namedPlace(parcel.recipientAreaId),
          codAmount: parcel.codAmount,
          total: parcel.total,
          createdAt: parcel.createdAt.toISOString(),
        })),
        next: page.next,
        count,
      };
    },
  );
};
