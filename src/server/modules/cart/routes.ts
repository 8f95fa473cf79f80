import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import {
  cartAddBodySchema,
  cartItemsBodySchema,
  cartProductParamsSchema,
  cartQuantityBodySchema,
  cartSchema,
} from '#shared/cart.ts';
import { addToCart, previewCart, readCart, removeCartLine, setCartLines } from './service.ts';

/**
 * The cart (R-CART): a signed-in customer's is kept here and follows them to every device; a visitor's
 * lives in their browser and is only previewed. Prices and stock are always read from the products now.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['cart'];
  const response = { 200: cartSchema };
  const customer = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request).userId;

  app.get(
    '/api/cart',
    {
      onRequest: app.requireUser,
      schema: { operationId: 'getCart', tags, summary: 'The signed-in customer’s cart as the shop sees it now', response },
    },
    async (request) => readCart(db, customer(request)),
  );

  app.put(
    '/api/cart',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'replaceCart',
        tags,
        summary: 'Replace the whole cart; every line must be orderable now, or nothing changes',
        body: cartItemsBodySchema,
        errors: [404, 409],
        response,
      },
    },
    async (request) => setCartLines(db, customer(request), request.body.items, true),
  );

  app.post(
    '/api/cart/items',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'addToCart',
        tags,
        summary:
          'Add products; one already in the cart gets the sum, clamped to its maximum and stock. `merge: true` at sign-in (a visitor’s cart) also tells of summed lines',
        body: cartAddBodySchema,
        response,
      },
    },
    async (request) => addToCart(db, customer(request), request.body.items, request.body.merge === true),
  );

  app.put(
    '/api/cart/items/:productId',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'setCartQuantity',
        tags,
        summary: 'Set one line’s quantity (added when missing), within the product’s minimum, maximum and stock',
        params: cartProductParamsSchema,
        body: cartQuantityBodySchema,
        errors: [404, 409],
        response,
      },
    },
    async (request) =>
      setCartLines(db, customer(request), [{ productId: request.params.productId, quantity: request.body.quantity }], false),
  );

  app.delete(
    '/api/cart/items/:productId',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'removeFromCart',
        tags,
        summary: 'Take a product out of the cart',
        params: cartProductParamsSchema,
        errors: [404],
        response,
      },
    },
    async (request) => removeCartLine(db, customer(request), request.params.productId),
  );

  app.post(
    '/api/cart/preview',
    {
      schema: {
        operationId: 'previewCart',
        tags,
        summary: 'A visitor’s cart (kept in their browser) as the shop sees it now; nothing is stored',
        body: cartItemsBodySchema,
        response,
      },
    },
    async (request) => previewCart(db, request.body.items),
  );
};
