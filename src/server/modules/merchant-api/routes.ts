import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeyHeadersSchema, idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import {
  bookingSchema,
  consignmentSchema,
  merchantConsignmentInputSchema,
  trackingCodeParamsSchema,
} from '#shared/consignment.ts';
import { LIMITS } from '#shared/limits.ts';
import { ledgerPageSchema, ledgerQuerySchema } from '#shared/merchant.ts';
import { apiKeyIdParamsSchema, apiKeyInputSchema, apiKeySchema, newApiKeySchema } from '#shared/merchant-api.ts';
import { quoteQuerySchema, quoteSchema } from '#shared/quote.ts';
import {
  bookConsignment,
  bookingContext,
  moveContext,
  presentConsignment,
  type RefundFee,
  readOwnConsignment,
} from '../consignments/service.ts';
import { ledgerPage } from '../merchants/ledger.ts';
import type { PrivatePhotos } from '../products/picture-store.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { quoteParcel } from '../rates/service.ts';
import type { EndpointRules } from '../webhooks/endpoints.ts';
import { apiKeyHooks, callerOf } from './api-key-guard.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { v1BatchRoutes } from './v1-batch-routes.ts';
import { v1MoneyRoutes } from './v1-money-routes.ts';
import { v1ParcelRoutes } from './v1-parcel-routes.ts';
import { v1RecipientRecordRoutes } from './v1-recipient-record-routes.ts';
import { v1ReferenceRoutes, withApiLabel } from './v1-reference-routes.ts';
import { v1ReturnRequestRoutes } from './v1-return-request-routes.ts';
import { v1SandboxRoutes } from './v1-sandbox-routes.ts';
import { v1StoreRoutes } from './v1-store-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/**
 * The merchant API (issue 30): keys the merchant makes and revokes, and `/api/v1`, called with one of
 * them as `Authorization: Bearer sk_…`: booking (with `Idempotency-Key`), a batch of parcels (v1-batch-routes.ts),
 * a parcel, a quote, the ledger; since issue 41 the list of parcels, a parcel by invoice and the cancel
 * (v1-parcel-routes.ts), the areas, services and labels a booking needs (v1-reference-routes.ts) and the
 * webhooks (webhook-routes.ts), the balance and payouts (v1-money-routes.ts), return requests (v1-return-request-routes.ts); since issue 44 a recipient's record
 * (v1-recipient-record-routes.ts).
 * Every call looks its key up, so a revoked key is refused at once on every instance; each merchant may
 * make API_REQUESTS_PER_MERCHANT calls a minute, all its keys and routes together (429 with Retry-After):
 * counted per key, three keys would triple it (issue 39 item 7).
 */
export const merchantApiRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  rates: RateCards;
  webhookRules: EndpointRules;
  refundFee: RefundFee;
  handoverPhotos: PrivatePhotos;
}> = async (app, { db, config, rates, webhookRules, refundFee, handoverPhotos }) => {
  // A parcel booked through the API tells its people as one booked on the site does (R-PARCEL-MAILS).
  const booking = bookingContext(db, config, rates, app.translators);

  app.post(
    '/api/merchant/api-keys',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'createApiKey',
        tags: ['merchants'],
        summary: `Make an API key for the merchant API (approved merchants, at most ${LIMITS.merchantApiKeysMax} not revoked): the key is in this answer only, kept as a hash. A \`test\` key (\`sk_test_…\`) books sandbox parcels only`,
        body: apiKeyInputSchema,
        errors: [403, 409],
        response: { 201: newApiKeySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, viewerOf(request).userId, request.body)),
  );

  app.get(
    '/api/merchant/api-keys',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listApiKeys',
        tags: ['merchants'],
        summary: 'Your API keys, newest first: name, first characters, when made, last used and revoked',
        errors: [403],
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (request) => listApiKeys(db, viewerOf(request).userId),
  );

  app.delete(
    '/api/merchant/api-keys/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'revokeApiKey',
        tags: ['merchants'],
        summary: 'Revoke one of your API keys: refused from the next call on, on every instance',
        params: apiKeyIdParamsSchema,
        errors: [403],
        response: { 200: apiKeySchema },
      },
    },
    async (request) => revokeApiKey(db, viewerOf(request).userId, request.params.id),
  );

  // Made once: each apiKeyHooks counts in its own memory store, and a merchant has one limit over every route.
  const keyed = apiKeyHooks(app, db, config);
  await app.register(webhookRoutes, { db, rules: webhookRules, keyed });
  await app.register(v1BatchRoutes, { db, config, rates, keyed });
  await app.register(v1RecipientRecordRoutes, { db, config, keyed });

  app.post(
    '/api/v1/consignments',
    {
      ...keyed,
      schema: {
        operationId: 'v1BookConsignment',
        tags: ['v1'],
        summary:
          'Book a parcel, priced from the rate card in force. Its fee has no card step: it is taken from the cash to collect when that covers it (`feePayment: cod`), else debited from your COD balance when the parcel is delivered (`feePayment: account`; the balance may go negative and is netted at the next payout). With an `Idempotency-Key` (kept 24 hours), a repeated request answers the first booking and books nothing; the same key with another request is refused (422). An invoice number another of your parcels (not cancelled) has is refused (409 `duplicate_invoice`, naming that parcel); a repeated request with its `Idempotency-Key` still answers its first booking',
        headers: idempotencyKeyHeadersSchema,
        body: merchantConsignmentInputSchema,
        errors: [409, 422, 429],
        codes: ['duplicate_invoice', 'idempotency_key_reused'],
        response: { 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const booked = await bookConsignment(booking, callerOf(request), request.body, key);
      return reply.status(201).send(withApiLabel(config, booked));
    },
  );

  app.get(
    '/api/v1/consignments/:trackingCode',
    {
      ...keyed,
      schema: {
        operationId: 'v1GetConsignment',
        tags: ['v1'],
        summary: 'One of your parcels by its tracking code, with its status and proof of delivery; another sender’s answers 404',
        params: trackingCodeParamsSchema,
        errors: [404, 429],
        response: { 200: consignmentSchema },
      },
    },
    async (request) => {
      const row = await readOwnConsignment(db, callerOf(request), request.params.trackingCode, async () => false);
      return withApiLabel(config, presentConsignment(config, row));
    },
  );

  app.get(
    '/api/v1/quote',
    {
      ...keyed,
      schema: {
        operationId: 'v1Quote',
        tags: ['v1'],
        summary: 'Every service’s delivery fee, COD charge, total (poisha) and delivery days between two areas',
        querystring: quoteQuerySchema,
        errors: [429],
        response: { 200: quoteSchema },
      },
    },
    async (request) => {
      const { card } = await rates.inForce();
      return quoteParcel(
        { card, codFeeBasisPoints: config.codFeeBasisPoints, now: new Date(), timeZone: config.timeZone },
        request.query,
      );
    },
  );

  app.get(
    '/api/v1/ledger',
    {
      ...keyed,
      schema: {
        operationId: 'v1Ledger',
        tags: ['v1'],
        summary:
          'Your COD ledger, newest first, a page at a time between two of the shop’s days, and the balance owed to you; the answer’s `older` is the `before` of the page of older lines, its `newer` the `after` of the page of newer ones',
        querystring: ledgerQuerySchema,
        errors: [429],
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => ledgerPage(db, callerOf(request).merchantId, request.query, config.timeZone),
  );

  await app.register(v1ReferenceRoutes, { db, config, rates, keyed });
  await app.register(v1MoneyRoutes, { db, config, keyed });
  await app.register(v1StoreRoutes, { db, keyed });
  // A parcel cancelled through the API moves, and tells its people, as one cancelled on the website.
  const moves = moveContext(db, app.publicReads, config, booking.notify);
  await app.register(v1ParcelRoutes, { db, config, keyed, moves, refundFee, handoverPhotos });
  await app.register(v1SandboxRoutes, { config, keyed, moves });
  await app.register(v1ReturnRequestRoutes, { db, config, keyed });
};
