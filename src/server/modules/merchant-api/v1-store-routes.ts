import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { storeChangeSchema, storeIdParamsSchema, storeInputSchema, storeListSchema, storeSchema } from '#shared/store.ts';
import { addStore, archiveStore, changeStore, listStores } from '../stores/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

/**
 * The merchant's stores through `/api/v1` (issue 41, R-STORES, decision 152): the pickup points a booking
 * names by `storeId`, managed as on the merchant page, by the same functions. Another merchant's store
 * is as unknown as none.
 */
export const v1StoreRoutes: FastifyPluginAsyncZod<{ db: Database; keyed: ApiKeyHooks }> = async (app, { db, keyed }) => {
  app.get(
    '/api/v1/stores',
    {
      ...keyed,
      schema: {
        operationId: 'v1ListStores',
        tags: ['v1'],
        summary:
          'Your stores in use (the pickup points a booking names by `storeId`), the default first: the first are your application’s pickup addresses',
        errors: [429],
        response: { 200: storeListSchema },
      },
    },
    async (request) => listStores(db, callerOf(request).merchantId),
  );

  app.post(
    '/api/v1/stores',
    {
      ...keyed,
      schema: {
        operationId: 'v1CreateStore',
        tags: ['v1'],
        summary:
          'Add a store; `isDefault: true` makes it the default (bookings that name no store are picked up there). At most 50 in use (409)',
        body: storeInputSchema,
        errors: [409, 429],
        response: { 201: storeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addStore(db, callerOf(request).merchantId, request.body)),
  );

  app.patch(
    '/api/v1/stores/:id',
    {
      ...keyed,
      schema: {
        operationId: 'v1UpdateStore',
        tags: ['v1'],
        summary:
          'Change a store: its name, phone, address or area (parcels booked before keep the pickup they were booked with), or make it the default; another merchant’s or an archived store 404',
        params: storeIdParamsSchema,
        body: storeChangeSchema,
        errors: [404, 429],
        response: { 200: storeSchema },
      },
    },
    async (request) => changeStore(db, callerOf(request).merchantId, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/stores/:id',
    {
      ...keyed,
      schema: {
        operationId: 'v1ArchiveStore',
        tags: ['v1'],
        summary:
          'Archive a store: it takes no new booking (400 on `storeId`), its parcels keep it. The default store cannot be archived (409): make another the default first',
        params: storeIdParamsSchema,
        errors: [404, 409, 429],
        response: { 200: storeSchema },
      },
    },
    async (request) => archiveStore(db, callerOf(request).merchantId, request.params.id),
  );
};
