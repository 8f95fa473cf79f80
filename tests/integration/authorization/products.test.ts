import type { Product } from '#shared/product.ts';
import { type AuthorizationContext, describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';
import { addProduct, NEW_PRODUCT } from '#tests/helpers/catalog.ts';
import { call } from '#tests/helpers/shop-client.ts';

async function someProductId({ server }: AuthorizationContext): Promise<string> {
  const [first] = (await call<Product[]>(server, 'GET', '/api/home')).body;
  if (!first) throw new Error('the demo catalogue is empty');
  return first._id;
}

/** A product of its own for each call, so a delete by one actor leaves the next one something to delete. */
async function freshProductId(context: AuthorizationContext): Promise<string> {
  return (await addProduct(context.server, context.admin))._id;
}

describeAuthorizationTable('products', [
  {
    route: 'GET /api/purchase/{id}',
    request: async (context) => ({ method: 'GET', path: `/api/purchase/${await someProductId(context)}` }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/purchase/{id}',
    request: async (context) => ({
      method: 'PUT',
      path: `/api/purchase/${await freshProductId(context)}`,
      body: { ...NEW_PRODUCT, availableQuantity: 3 },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'POST /api/addProduct',
    request: async () => ({ method: 'POST', path: '/api/addProduct', body: NEW_PRODUCT }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 201 },
  },
  {
    route: 'DELETE /api/product/{id}',
    request: async (context) => ({ method: 'DELETE', path: `/api/product/${await freshProductId(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
]);
