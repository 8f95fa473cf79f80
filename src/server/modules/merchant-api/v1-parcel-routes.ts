import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/http/errors.ts';
import { consignmentSchema, trackingCodeParamsSchema } from '#shared/consignment.ts';
import { apiParcelsQuerySchema, invoiceQuerySchema, parcelsPageSchema } from '#shared/parcel-lists.ts';
import { PROOF_MESSAGES } from '#shared/tracking.ts';
import {
  cancelConsignment,
  type MoveContext,
  presentConsignment,
  type RefundFee,
  readOwnConsignment,
  readParcelByInvoice,
  sendersParcelsPage,
} from '../consignments/service.ts';
import type { PrivatePhotos } from '../products/picture-store.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';
import { withApiLabel } from './v1-reference-routes.ts';

interface V1ParcelRouteOptions {
  db: Database;
  config: Config;
  keyed: ApiKeyHooks;
  moves: MoveContext;
  refundFee: RefundFee;
  handoverPhotos: PrivatePhotos;
}

/** A key acts for its merchant only, never as staff, whoever in the shop made it. */
const keyIsNeverStaff = async () => false;

/**
 * The merchant's parcels through `/api/v1` (issue 41, R-MERCHANT-API): the list My Parcels shows, a
 * parcel by the merchant's own invoice number, the cancel the website offers and a delivered parcel's
 * handover photo, with the website's
 * functions and rules. Another merchant's parcel is as unknown as none.
 */
export const v1ParcelRoutes: FastifyPluginAsyncZod<V1ParcelRouteOptions> = async (
  app,
  { db, config, keyed, moves, refundFee, handoverPhotos },
) => {
  app.get(
    '/api/v1/consignments',
    {
      ...keyed,
      schema: {
        operationId: 'v1ListConsignments',
        tags: ['v1'],
        summary:
          'Your parcels, newest first, a page of 50 at a time (send back `next` as `cursor` for the older ones; a parcel booked meanwhile goes above the first page, so none is missed or repeated): by status, booked between two of the shop’s days (both included), your invoice number, the recipient’s phone and the store it was picked up at, each exactly; the filters combine',
        querystring: apiParcelsQuerySchema,
        errors: [429],
        response: { 200: parcelsPageSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return sendersParcelsPage(db, config, caller.userId, { ...request.query, test: caller.test });
    },
  );

  app.get(
    '/api/v1/consignments/by-invoice',
    {
      ...keyed,
      schema: {
        operationId: 'v1GetConsignmentByInvoice',
        tags: ['v1'],
        summary:
          'Your parcel with this invoice number: the one not cancelled when there is one, else the one cancelled last; 404 when none of yours has it',
        querystring: invoiceQuerySchema,
        errors: [404, 429],
        response: { 200: consignmentSchema },
      },
    },
    async (request) =>
      withApiLabel(
        config,
        presentConsignment(
          config,
          await readParcelByInvoice(db, config, callerOf(request).userId, request.query.invoice, callerOf(request).test),
        ),
      ),
  );

  app.post(
    '/api/v1/consignments/:trackingCode/cancel',
    {
      ...keyed,
      schema: {
        operationId: 'v1CancelConsignment',
        tags: ['v1'],
        summary:
          'Cancel one of your parcels before it is picked up, as on the website: a fee paid by card is refunded and its invoice number is free again; once picked up, or cancelled already, 409 saying why; another sender’s parcel 404',
        params: trackingCodeParamsSchema,
        errors: [404, 409, 429],
        response: { 200: consignmentSchema },
      },
    },
    async (request) =>
      withApiLabel(
        config,
        presentConsignment(
          config,
          await cancelConsignment(moves, callerOf(request), request.params.trackingCode, keyIsNeverStaff, refundFee),
        ),
      ),
  );

  app.get(
    '/api/v1/consignments/:trackingCode/handover-photo',
    {
      ...keyed,
      schema: {
        operationId: 'v1HandoverPhoto',
        tags: ['v1'],
        summary:
          'The photo the rider took of the handover of one of your parcels delivered on a photo instead of the recipient’s code: the `proofOfDelivery.photoUrl` of its answer (another sender’s parcel, or one without a photo, 404)',
        params: trackingCodeParamsSchema,
        produces: ['image/webp'],
        errors: [404, 429],
        response: { 200: z.string().describe('WebP image') },
      },
    },
    async (request, reply) => {
      const row = await readOwnConsignment(db, callerOf(request), request.params.trackingCode, keyIsNeverStaff);
      const photo = row.handoverPhoto ? await handoverPhotos.read(row.handoverPhoto) : undefined;
      if (!photo) throw notFound(PROOF_MESSAGES.noPhoto);
      // As the website's handover photo is sent (consignments/routes.ts): private, never sniffed.
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(photo as unknown as string);
    },
  );
};
