import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import { PUBLIC_READS } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import { appendedSumsFolding } from '#server/db/appended-sums.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { acceptPictureForms, uploadedPicture } from '#server/http/multipart-form.ts';
import type { SharedLimit } from '#server/http/rate-limits.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { cashHandinRequestSchema, cashHandinSchema } from '#shared/cash-handins.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import { CONSIGNMENT_STATUSES } from '#shared/consignment-status.ts';
import { HANDOVER_PHOTO_FIELD } from '#shared/handover-photo.ts';
import { type Locale, preferredLocale } from '#shared/locale.ts';
import {
  deliveryOutcomeSchema,
  invoiceLookupSchema,
  operationsSchema,
  runParcelSchema,
  scanRequestSchema,
  scanResultSchema,
  trackingSchema,
} from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import type { PrivatePhotos } from '../products/picture-store.ts';
import { takeCashFromRider } from './cash-handins.ts';
import { deliveryRequestHash, listRiders, openedCode, recordDelivery, riderIdByEmail, riderRun } from './deliveries.ts';
import { assertMoveComplete } from './moves.ts';
import { parcelNotices } from './notifications.ts';
import { operationsBoard } from './operations.ts';
import { PARCEL_COUNTS } from './parcel-counts.ts';
import { moveContext } from './parcel-moved.ts';
import { applyScans } from './scans.ts';
import type { CodeSeal } from './sealed-codes.ts';
import { trackingCodeByInvoice, trackingOf } from './tracking.ts';

/** Tracking (issue 29): the public tracking of a parcel, the lookup by invoice, and the hubs' scans. */
export const trackingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  trackingLookups: SharedLimit;
  handoverPhotos: PrivatePhotos;
  codeSeal: CodeSeal;
}> = async (app, { db, config, trackingLookups, handoverPhotos, codeSeal }) => {
  const moves = moveContext(db, app.publicReads, config, parcelNotices(config, app.translators));
  const countFolding = appendedSumsFolding(db, PARCEL_COUNTS, app.log);
  app.addHook('onReady', () => countFolding.start());
  app.addHook('onClose', () => countFolding.stop());

  const trackingAnswer = (code: string, locale: Locale) =>
    app.publicReads.answer(
      PUBLIC_READS.tracking(code, locale),
      trackingSchema,
      () => trackingOf(db, code, app.translators[locale], locale),
      {
        body: (tracking) => tracking,
        headers: () => ({ 'content-language': locale, vary: 'Accept-Language' }),
      },
    );

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
      return sendPublicAnswer(request, reply, await trackingAnswer(code, locale), 'list', locale);
    },
  );
  // The tracking page's read of its parcel, made in process (decision 187): a request of the page's own
  // carries no Accept-Language, so it is the answer the route gives without one. Anything but a plain
  // code is left to the route.
  const pageLocale = preferredLocale(undefined);
  app.pageReads.add('/api/track/', (rest) => {
    const code = /^[A-Za-z0-9]{1,40}$/.test(rest) ? readTrackingCode(rest) : undefined;
    return code ? trackingAnswer(code, pageLocale) : undefined;
  });

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
          'Hub scans (operators and admins): many parcels moved to one status at one hub, each in its own transaction; one result per code, moved or refused with why. Out for delivery needs `rider`, a rider’s email (400 without); a parcel already out for delivery is given to that rider, on the same attempt and code',
        body: scanRequestSchema,
        errors: [403],
        response: { 200: z.object({ results: z.array(scanResultSchema) }) },
      },
    },
    async (request) => {
      const { rider, ...scan } = request.body;
      assertMoveComplete({ to: scan.status, hub: scan.hub, reason: scan.reason });
      const riderId = rider && scan.status === 'out_for_delivery' ? await riderIdByEmail(moves, rider) : undefined;
      const i18n = app.translators[requestLocale(request)];
      return { results: await applyScans(moves, viewerOf(request).userId, { ...scan, riderId }, i18n) };
    },
  );

  app.get(
    '/api/ops/riders',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'listRiders',
        tags: ['operations'],
        summary: 'The riders parcels may go out with (operators and admins)',
        response: { 200: z.array(z.object({ email: z.string(), name: z.string() })) },
      },
    },
    async () => listRiders(moves),
  );

  app.get(
    '/api/rider/code-seal',
    {
      onRequest: app.requireRole(['rider']),
      schema: {
        operationId: 'readCodeSeal',
        tags: ['operations'],
        summary:
          'The key the rider app seals a recipient’s code with before keeping it on the phone (riders): an uncompressed P-256 point, base64url; the sealed code goes in sealedCode',
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: codeSeal.publicKey }),
  );

  app.get(
    '/api/rider/run',
    {
      onRequest: app.requireRole(['rider']),
      schema: {
        operationId: 'readRiderRun',
        tags: ['operations'],
        summary: 'The parcels out for delivery with you (riders): address, phone and the cash to collect',
        response: { 200: z.array(runParcelSchema) },
      },
    },
    async (request) => riderRun(moves, viewerOf(request).userId),
  );

  // Only the rider's outcome takes multipart/form-data (a photo of the handover), so only its scope parses it.
  await app.register(async (scope) => {
    await acceptPictureForms(scope, HANDOVER_PHOTO_FIELD);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/rider/deliveries/:trackingCode',
      {
        onRequest: app.requireRole(['rider']),
        schema: {
          operationId: 'recordDelivery',
          tags: ['operations'],
          summary: `A rider’s outcome for a parcel on their run: delivered (the whole cash), partial (the cash taken, what was handed over) or failed (why). A delivery is proved by the recipient’s 6-digit code, which ends with its day and locks after 5 wrong tries, or by a photo of the handover (multipart/form-data, an image in ${HANDOVER_PHOTO_FIELD}) with receivedBy, the name of who took it. With an Idempotency-Key (the rider app’s queue of outcomes kept offline) the same outcome sent again gets the first answer, a refusal too, and nothing is applied or counted twice`,
          consumes: ['application/json', 'multipart/form-data'],
          headers: idempotencyKeyHeadersSchema,
          params: trackingCodeParamsSchema,
          body: deliveryOutcomeSchema(uploadedPicture(HANDOVER_PHOTO_FIELD)),
          errors: [400, 403, 404, 409, 413, 422],
          response: { 200: z.object({ trackingCode: z.string(), status: z.enum(CONSIGNMENT_STATUSES) }) },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const rider = { userId: viewer.userId, admin: await app.isAdmin(viewer.userId) };
        const { body } = request;
        const photo = body.outcome === 'failed' ? undefined : body[HANDOVER_PHOTO_FIELD];
        const proof = body.outcome === 'failed' ? body : { ...body, code: openedCode(codeSeal, body) };
        const key = idempotencyKeyOf(request);
        const idempotency = key ? { key, hash: deliveryRequestHash(request.params.trackingCode, body) } : undefined;
        // The photo is kept first (encoding it takes a while, outside the parcel's lock) and forgotten on a
        // refusal, or when the outcome was already recorded (its first copy is the one kept).
        const stored = photo && (await handoverPhotos.save(photo, HANDOVER_PHOTO_FIELD));
        let recorded: Awaited<ReturnType<typeof recordDelivery>> | undefined;
        try {
          const outcome = proof.outcome === 'failed' ? proof : { ...proof, [HANDOVER_PHOTO_FIELD]: stored };
          recorded = await recordDelivery(moves, rider, request.params.trackingCode, outcome, idempotency);
        } finally {
          if (stored && (!recorded || recorded.replayed || 'refused' in recorded.answer)) await handoverPhotos.discard(stored);
        }
        const { answer } = recorded;
        if ('refused' in answer) {
          const { status, code, message, fields } = answer.refused;
          throw new HttpError(status, code, message, fields);
        }
        return answer;
      },
    );
  });

  const board = operationsBoard(db, config);
  // The board is JSON already, made from the same schema (see operationsBoard).
  const sendMadeJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
  app.get(
    '/api/admin/operations',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'readOperations',
        tags: ['operations'],
        summary:
          'The network at a glance (admin): parcels by status and by hub (counts kept with every move), parcels stuck longer than STUCK_AFTER_HOURS in one status, failed attempts of the last `failedWithinDays` (7) days by reason, cash riders collected and have not handed in, and the hand-ins of those days whose counted cash differed from the collected. Read under REPORT_STATEMENT_TIMEOUT_MS: past it, 503 with Retry-After. The view is made once for every admin asking while nothing it counts has changed, for at most 2 s',
        response: { 200: operationsSchema },
      },
    },
    async (_request, reply) => sendMadeJson(reply, await board()),
  );

  app.post(
    '/api/ops/cash-handins',
    {
      onRequest: app.requireRole(['operator']),
      schema: {
        operationId: 'takeCashFromRider',
        tags: ['operations'],
        summary:
          'A rider handed in the cash they collected (operators and admins): `counted` is the cash counted, in poisha; every collected amount not handed in yet is marked taken, and the hand-in kept with the difference between counted and collected (shown on Operations). 409 when the rider holds no collected cash',
        body: cashHandinRequestSchema,
        errors: [400, 403, 409],
        response: { 200: cashHandinSchema },
      },
    },
    async (request) => takeCashFromRider(moves, viewerOf(request).userId, request.body),
  );
};
