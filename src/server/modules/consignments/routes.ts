import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/http/errors.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { parcelRequestLimit } from '#server/http/rate-limits.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import {
  bookingSchema,
  consignmentInputSchema,
  consignmentSchema,
  labelQuerySchema,
  shipOrderInputSchema,
  trackingCodeParamsSchema,
} from '#shared/consignment.ts';
import { isLocale } from '#shared/locale.ts';
import { orderIdParamsSchema } from '#shared/order.ts';
import { PROOF_MESSAGES, trackingEventSchema } from '#shared/tracking.ts';
import type { PrivatePhotos } from '../products/picture-store.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { shipOrderWithUs } from './order-shipping.ts';
import { moveContext } from './parcel-moved.ts';
import {
  bookConsignment,
  bookingContext,
  bookingOf,
  cancelConsignment,
  presentConsignment,
  printLabel,
  type RefundFee,
  readOwnConsignment,
} from './service.ts';
import { stepsOf } from './tracking.ts';

interface ConsignmentRouteOptions {
  db: Database;
  config: Config;
  rates: RateCards;
  refundFee: RefundFee;
  handoverPhotos: PrivatePhotos;
}

/** Booked parcels (issue 28): booking, a parcel's page, the label (the lists are list-routes.ts'). */
export const consignmentRoutes: FastifyPluginAsyncZod<ConsignmentRouteOptions> = async (
  app,
  { db, config, rates, refundFee, handoverPhotos },
) => {
  const context = bookingContext(db, config, rates, app.translators);
  const moves = moveContext(db, app.publicReads, config, context.notify);
  const isStaff = async (userId: string) => ['admin', 'operator'].includes(await app.roleOf(userId));
  const labels = { db, config, translators: app.translators };

  app.post(
    '/api/consignments',
    {
      onRequest: app.requireUser,
      config: parcelRequestLimit(config.rateLimits, /*i18n*/ 'bookings'),
      schema: {
        operationId: 'bookConsignment',
        tags: ['parcels'],
        summary:
          'Books a parcel: priced on the server by the rate card in force (never a client’s quote) and kept at that price; the fee is paid by card (POST …/payment-intent) before pickup; an approved merchant’s never is: it is taken from the cash on delivery when that covers it (`feePayment: cod`), else debited from the merchant’s COD balance once delivered (`feePayment: account`), whatever `feePayment` it sends. Cash to collect (`codAmount` above 0) is for approved merchants only: anyone else’s is 400 naming `codAmount`. With an `Idempotency-Key` header, a repeated request answers the first answer; the same key with another request is 422. An invoice number another of your parcels (not cancelled) has is refused (409 `duplicate_invoice`, naming that parcel)',
        headers: idempotencyKeyHeadersSchema,
        body: consignmentInputSchema,
        errors: [409, 422],
        codes: ['duplicate_invoice', 'idempotency_key_reused'],
        response: { 201: bookingSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await bookConsignment(context, viewerOf(request), request.body, idempotencyKeyOf(request)));
    },
  );

  app.get(
    '/api/consignments/:trackingCode',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getConsignment',
        tags: ['parcels'],
        summary: 'One of your parcels by its tracking code (admins: any); another sender’s answers 404',
        params: trackingCodeParamsSchema,
        errors: [404],
        response: { 200: consignmentSchema },
      },
    },
    async (request) =>
      presentConsignment(config, await readOwnConsignment(db, viewerOf(request), request.params.trackingCode, app.isAdmin)),
  );

  app.get(
    '/api/consignments/:trackingCode/events',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listParcelSteps',
        tags: ['parcels'],
        summary:
          'Every step of one of your parcels, oldest first, as its tracking page shows them, in the request’s language (admins: any parcel); another sender’s answers 404',
        params: trackingCodeParamsSchema,
        errors: [404],
        response: { 200: z.array(trackingEventSchema) },
      },
    },
    async (request) => {
      const row = await readOwnConsignment(db, viewerOf(request), request.params.trackingCode, app.isAdmin);
      const locale = requestLocale(request);
      return stepsOf(db, row, app.translators[locale], locale);
    },
  );

  app.get(
    '/api/consignments/:trackingCode/label.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'printLabel',
        tags: ['parcels'],
        summary:
          'The parcel’s A6 label as a PDF (its sender and admins only; a cancelled parcel’s 409): the tracking code as a Code 128 barcode, a QR code of the tracking page, recipient, sender, service, weight and cash to collect; `lang=bn` writes it in Bangla',
        params: trackingCodeParamsSchema,
        querystring: labelQuerySchema,
        produces: ['application/pdf'],
        errors: [404, 409],
        response: { 200: z.string().describe('PDF') },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const locale = lang && isLocale(lang) ? lang : requestLocale(request);
      const { name, pdf } = await printLabel(labels, viewerOf(request), request.params.trackingCode, app.isAdmin, locale);
      return sendPrivateFile(reply, { type: 'application/pdf', name, disposition: 'inline' }, pdf);
    },
  );

  app.get(
    '/api/consignments/:trackingCode/handover-photo',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'readHandoverPhoto',
        tags: ['parcels'],
        summary:
          'The photo a rider took of the handover, for a parcel delivered on a photo instead of the recipient’s code (its sender, operators and admins only; anyone else 404)',
        params: trackingCodeParamsSchema,
        produces: ['image/webp'],
        errors: [404],
        response: { 200: z.string().describe('WebP image') },
      },
    },
    async (request, reply) => {
      const row = await readOwnConsignment(db, viewerOf(request), request.params.trackingCode, isStaff);
      const photo = row.handoverPhoto ? await handoverPhotos.read(row.handoverPhoto) : undefined;
      if (!photo) throw notFound(PROOF_MESSAGES.noPhoto);
      return (
        reply
          .type('image/webp')
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          // The schema's string types what the buffer carries, as for the label.
          .send(photo as unknown as string)
      );
    },
  );

  app.post(
    '/api/admin/orders/:id/ship-with-us',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'shipOrderWithUs',
        tags: ['parcels'],
        summary:
          'Ship with SwiftCargo (admin): books a parcel for a paid order from the shop’s warehouse (WAREHOUSE_*) to the order’s delivery address in `areaId`, with no fee, and marks the order shipped with the parcel’s code; the order is delivered when the parcel is',
        params: orderIdParamsSchema,
        body: shipOrderInputSchema,
        errors: [404, 409],
        response: { 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const parcel = await shipOrderWithUs(context, viewerOf(request), request.params.id, request.body);
      return reply.status(201).send(bookingOf(config, parcel));
    },
  );

  app.post(
    '/api/consignments/:trackingCode/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'cancelConsignment',
        tags: ['parcels'],
        summary:
          'Cancel a parcel before it is picked up (its sender, operators and admins): a fee paid by card is refunded; after pickup 409; another sender’s parcel 404',
        params: trackingCodeParamsSchema,
        errors: [404, 409],
        response: { 200: consignmentSchema },
      },
    },
    async (request) =>
      presentConsignment(
        config,
        await cancelConsignment(moves, viewerOf(request), request.params.trackingCode, isStaff, refundFee),
      ),
  );
};
