import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { storeChangeSchema, storeIdParamsSchema, storeInputSchema, storeListSchema, storeSchema } from '#shared/store.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';
import { addStore, archiveStore, changeStore, listStores } from './service.ts';

/**
 * The Stores section of the merchant page (issue 41, R-STORES): the signed-in approved merchant's stores,
 * as `/api/v1/stores` serves them to its key. Anyone else 403.
 */
export const storeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const merchantOf = async (request: Parameters<typeof viewerOf>[0]) => requireApprovedMerchant(db, viewerOf(request).userId);

  app.get(
    '/api/merchant/stores',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listStores',
        tags: ['merchants'],
        summary: 'Your stores in use, the default first (approved merchants)',
        errors: [403],
        response: { 200: storeListSchema },
      },
    },
    async (request) => listStores(db, await merchantOf(request)),
  );

  app.post(
    '/api/merchant/stores',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'createStore',
        tags: ['merchants'],
        summary: 'Add a store (a pickup point); `isDefault: true` makes it the default',
        body: storeInputSchema,
        errors: [403, 409],
        response: { 201: storeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addStore(db, await merchantOf(request), request.body)),
  );

  app.patch(
    '/api/merchant/stores/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'updateStore',
        tags: ['merchants'],
        summary: 'Change one of your stores, or make it the default',
        params: storeIdParamsSchema,
        body: storeChangeSchema,
        errors: [403, 404],
        response: { 200: storeSchema },
      },
    },
    async (request) => changeStore(db, await merchantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/merchant/stores/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'archiveStore',
        tags: ['merchants'],
        summary: 'Archive one of your stores (not the default: 409)',
        params: storeIdParamsSchema,
        errors: [403, 404, 409],
        response: { 200: storeSchema },
      },
    },
    async (request) => archiveStore(db, await merchantOf(request), request.params.id),
  );
};
