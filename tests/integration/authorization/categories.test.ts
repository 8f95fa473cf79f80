import type { Category } from '#shared/category.ts';
import { type AuthorizationContext, describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';
import { call } from '#tests/helpers/shop-client.ts';

let made = 0;
/** A category of its own for each call, so a rename or delete by one actor leaves the next one something. */
async function freshCategoryId({ server, admin }: AuthorizationContext): Promise<string> {
  const answer = await call<Category>(server, 'POST', '/api/categories', {
    token: admin.token,
    body: { name: `Shelf ${++made}` },
  });
  if (answer.status !== 201) throw new Error(`category: ${answer.status}`);
  return answer.body._id;
}

describeAuthorizationTable('catalogue and categories', [
  {
    route: 'GET /api/products',
    request: async () => ({ method: 'GET', path: '/api/products?q=laptop&sort=price-asc' }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
  {
    route: 'GET /api/categories',
    request: async () => ({ method: 'GET', path: '/api/categories' }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/categories',
    request: async () => ({ method: 'POST', path: '/api/categories', body: { name: `New shelf ${++made}` } }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 201 },
  },
  {
    route: 'PUT /api/categories/{id}',
    request: async (context) => ({
      method: 'PUT',
      path: `/api/categories/${await freshCategoryId(context)}`,
      body: { name: `Renamed shelf ${++made}` },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/categories/{id}',
    request: async (context) => ({ method: 'DELETE', path: `/api/categories/${await freshCategoryId(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
]);
