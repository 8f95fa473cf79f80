import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { categoryIdParamsSchema, categoryInputSchema, categorySchema } from '#shared/category.ts';
import { addCategory, categoriesAnswer, changeCategory, removeCategory } from './service.ts';

/** The catalogue's categories (R-CATEGORY): public to read, admins manage them. */
export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  app.get(
    '/api/categories',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'listCategories',
        tags: ['categories'],
        summary: 'The categories, by name',
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request, reply) => sendPublicAnswer(request, reply, await categoriesAnswer(db, app.publicReads), 'list'),
  );

  app.post(
    '/api/categories',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'addCategory',
        tags: ['categories'],
        summary: 'Add a category (admin); names are unique whatever their case',
        body: categoryInputSchema,
        errors: [409],
        response: { 201: categorySchema },
      },
    },
    async (request, reply) => {
      const category = await addCategory(db, request.body);
      app.publicReads.categoriesChanged();
      return reply.status(201).send(category);
    },
  );

  app.put(
    '/api/categories/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'renameCategory',
        tags: ['categories'],
        summary: 'Rename a category (admin)',
        params: categoryIdParamsSchema,
        body: categoryInputSchema,
        errors: [409],
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const category = await changeCategory(db, request.params.id, request.body);
      app.publicReads.categoriesChanged();
      return category;
    },
  );

  app.delete(
    '/api/categories/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'deleteCategory',
        tags: ['categories'],
        summary: 'Delete a category (admin); its products stay in the shop without a category',
        params: categoryIdParamsSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const category = await removeCategory(db, request.params.id);
      app.publicReads.categoriesChanged();
      // Its products changed: they are uncategorised now, in every answer that shows them.
      app.publicReads.catalogueChanged();
      return category;
    },
  );
};
