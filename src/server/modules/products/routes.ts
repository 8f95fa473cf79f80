import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest } from '#server/http/errors.ts';
import { acceptPictureForms, uploadedPicture } from '#server/http/multipart-form.ts';
import { cataloguePageSchema, catalogueQuerySchema } from '#shared/catalogue.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type AdminProduct,
  adminProductSchema,
  newProductSchema,
  PICTURE_FILE_FIELD,
  PICTURE_FILE_MESSAGES,
  type ProductInput,
  productIdParamsSchema,
  productSchema,
} from '#shared/product.ts';
import { CatalogueInMemory } from './catalogue-in-memory.ts';
import type { PictureStore } from './picture-store.ts';
import {
  addProduct,
  catalogueAnswer,
  cataloguePageAnswer,
  editProduct,
  productAnswer,
  relatedProductsAnswer,
  removeProduct,
} from './service.ts';

export interface ProductRouteOptions {
  db: Database;
  config: Config;
  pictures: PictureStore;
}

export const productRoutes: FastifyPluginAsyncZod<ProductRouteOptions> = async (app, { db, pictures }) => {
  const catalogue = new CatalogueInMemory(db, app.publicReads);
  /** What the public reads show has changed: their kept answers go, here and on every other instance. */
  const changed = <T extends { _id: string }>(product: T) => {
    app.publicReads.catalogueChanged(product._id);
    return product;
  };

  app.get(
    '/api/home',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'listProducts',
        tags: ['products'],
        summary: 'The public product list',
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => sendPublicAnswer(request, reply, await catalogueAnswer(db, app.publicReads), 'list'),
  );

  app.get(
    '/api/products',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'searchProducts',
        tags: ['products'],
        summary:
          'The catalogue: one page of the products matching a search (typos forgiven), a category, a price range and stock, in the order asked, with the total',
        querystring: catalogueQuerySchema,
        response: { 200: cataloguePageSchema },
      },
    },
    async (request, reply) =>
      sendPublicAnswer(request, reply, await cataloguePageAnswer(catalogue, app.publicReads, request.query), 'list'),
  );

  app.get(
    '/api/purchase/:id',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: 'One product, for the purchase page',
        params: productIdParamsSchema,
        response: { 200: productSchema },
      },
    },
    async (request, reply) =>
      sendPublicAnswer(request, reply, await productAnswer(db, app.publicReads, request.params.id), 'item'),
  );

  app.get(
    '/api/purchase/:id/related',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'getRelatedProducts',
        tags: ['products'],
        summary: `Up to ${LIMITS.relatedProductsMax} other products of the product's category, newest first, for its page`,
        params: productIdParamsSchema,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) =>
      sendPublicAnswer(request, reply, await relatedProductsAnswer(db, catalogue, app.publicReads, request.params.id), 'list'),
  );

  app.delete(
    '/api/product/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'deleteProduct',
        tags: ['products'],
        summary: 'Delete a product (admin); its orders keep their name, picture and price',
        params: productIdParamsSchema,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => changed(await removeProduct(db, request.params.id)),
  );

  /**
   * Add Products and the edit form send an uploaded picture as multipart/form-data; it is kept first,
   * and forgotten again when the product cannot be stored.
   */
  const withPicture = async (
    body: Omit<ProductInput, 'picture'> & { picture?: string; [PICTURE_FILE_FIELD]?: Buffer },
    store: (input: ProductInput) => Promise<AdminProduct>,
  ) => {
    const { [PICTURE_FILE_FIELD]: file, ...fields } = body;
    const picture = file ? await pictures.save(file, PICTURE_FILE_FIELD) : fields.picture;
    // The schema has refused a form with neither; this tells the compiler so.
    if (!picture) throw badRequest(PICTURE_FILE_MESSAGES.missing, { picture: PICTURE_FILE_MESSAGES.missing });
    try {
      return changed(await store({ ...fields, picture }));
    } catch (error) {
      if (file) await pictures.discard(picture);
      throw error;
    }
  };

  // Only the product forms take multipart/form-data, so only their scope parses it.
  await app.register(async (uploads) => {
    await acceptPictureForms(uploads, PICTURE_FILE_FIELD);
    const forms = uploads.withTypeProvider<ZodTypeProvider>();
    const productFormSchema = newProductSchema(uploadedPicture(PICTURE_FILE_FIELD));

    forms.post(
      '/api/addProduct',
      {
        onRequest: app.requireAdmin,
        schema: {
          operationId: 'addProduct',
          tags: ['products'],
          summary: `Add a product (admin): JSON with a picture address, or multipart/form-data with an image in ${PICTURE_FILE_FIELD}`,
          consumes: ['application/json', 'multipart/form-data'],
          body: productFormSchema,
          errors: [413],
          response: { 201: adminProductSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await withPicture(request.body, (input) => addProduct(db, viewerOf(request), input))),
    );

    forms.put(
      '/api/purchase/:id',
      {
        onRequest: app.requireAdmin,
        schema: {
          operationId: 'updateProduct',
          tags: ['products'],
          summary:
            'Edit or restock a product (admin), validated like Add Products; orders already placed keep what they were bought at. Orders reserve stock themselves; this no longer reduces it.',
          consumes: ['application/json', 'multipart/form-data'],
          params: productIdParamsSchema,
          body: productFormSchema,
          errors: [413],
          response: { 200: adminProductSchema },
        },
      },
      async (request) => withPicture(request.body, (input) => editProduct(db, request.params.id, input)),
    );
  });
};
