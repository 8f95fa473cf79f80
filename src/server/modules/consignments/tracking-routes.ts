import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import { PUBLIC_READS } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { SharedLimit } from '#server/http/rate-limits.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import { invoiceLookupSchema, scanRequestSchema, scanResultSchema, trackingSchema } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { assertMoveComplete } from './moves.ts';
import { applyScans } from './scans.ts';
import { trackingCodeByInvoice, trackingOf } from './tracking.ts';

/** Tracking (issue 29): the public tracking of a parcel, the lookup by invoice, and the hubs' scans. */
export const trackingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; trackingLookups: SharedLimit }> = async (
  app,
  { db, config, trackingLookups },
) => {
  const moves = { db, publicReads: app.publicReads, maxDeliveryAttempts: config.maxDeliveryAttempts };

  app.get(
    '/api/track/:trackingCode',
    {
      ...ANSWERED_FROM_MEMORY,
      preHandler: trackingLookups,
      schema: {
        operationId: 'trackParcel',
        tags: ['tracking'],
        summary:
          'Public tracking: where the parcel is and every step so far, in the request’s language; the recipient by first name and initial, no phone or address. Lookups of codes not yet read are limited per address (429)',
        params: trackingCodeParamsSchema,
        errors: [404, 429],
        response: { 200: trackingSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const code = readTrackingCode(request.params.trackingCode) ?? request.params.trackingCode;
      const answer = await app.publicReads.answer(
        PUBLIC_READS.tracking(code, locale),
        trackingSchema,
        () => trackingOf(db, code, app.translators[locale], locale),
        {
          body: (tracking) => tracking,
          headers: () => ({ 'content-language': locale, vary: 'Accept-Language' }),
        },
      );
      return sendPublicAnswer(request, reply, answer, 'list', locale);
    },
  );

  app.post(
    '/api/track/lookup',
    {
      preHandler: trackingLookups,
      schema: {
        operationId: 'findParcelByInvoice',
        tags: ['tracking'],
        summary:
          'A parcel’s tracking code from its merchant’s invoice number and its recipient’s phone (in the body, never in an address)',
        body: invoiceLookupSchema,
        errors: [404, 429],
        response: { 200: z.object({ trackingCode: z.string() }) },
      },
    },
    async (request) => ({ trackingCode: await trackingCodeByInvoice(db, request.body.invoice, request.body.phone) }),
  );

  app.post(
    '/api/ops/scans',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'scanParcels',
        tags: ['operations'],
        summary:
          'Hub scans (operators and admins): many parcels moved to one status at one hub, each in its own transaction; one result per code, moved or refused with why',
        body: scanRequestSchema,
        errors: [403],
        response: { 200: z.object({ results: z.array(scanResultSchema) }) },
      },
    },
    async (request) => {
      assertMoveComplete({ to: request.body.status, hub: request.body.hub, reason: request.body.reason });
      const i18n = app.translators[requestLocale(request)];
      return { results: await applyScans(moves, viewerOf(request).userId, request.body, i18n) };
    },
  );
};
