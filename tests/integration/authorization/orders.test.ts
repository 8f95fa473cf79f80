import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { type AuthorizationContext, describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';
import { addProduct, fillCart, markPaid, placeOrder } from '#tests/helpers/catalog.ts';
import { insertSucceededTestPayment } from '#tests/helpers/payment-fixtures.ts';

/** An unpaid order of the owner's own for each call, so one actor's cancel leaves the next one an order. */
async function freshOrderOfOwner(context: AuthorizationContext): Promise<string> {
  const product = await addProduct(context.server, context.admin);
  const order = await placeOrder(context.server, context.owner, product._id, 1);
  if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
  return order.body._id;
}

describeAuthorizationTable('orders', [
  {
    route: 'POST /api/orders',
    request: async (context) => ({
      method: 'POST',
      path: '/api/orders',
      body: { productId: (await addProduct(context.server, context.admin))._id, quantity: 1 },
    }),
    expected: { anonymous: 401, otherUser: 201, owner: 201, admin: 201 },
  },
  {
    route: 'POST /api/checkout (each caller’s own cart)',
    request: async (context, actor) => {
      const product = await addProduct(context.server, context.admin);
      if (actor !== 'anonymous') await fillCart(context.server, context[actor], [{ productId: product._id, quantity: 1 }]);
      return { method: 'POST', path: '/api/checkout', body: {} };
    },
    expected: { anonymous: 401, otherUser: 201, owner: 201, admin: 201 },
  },
  {
    route: 'GET /api/orders?email={owner’s email}',
    request: async ({ owner }) => ({ method: 'GET', path: `/api/orders?email=${encodeURIComponent(owner.email)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'GET /api/allOrders',
    request: async () => ({ method: 'GET', path: '/api/allOrders' }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'GET /api/admin/orders',
    request: async () => ({ method: 'GET', path: '/api/admin/orders?status=unpaid&q=SC-100001&page=1&pageSize=10' }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'GET /api/admin/orders.csv',
    request: async () => ({ method: 'GET', path: '/api/admin/orders.csv?status=paid' }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'GET /api/admin/overview',
    request: async () => ({ method: 'GET', path: '/api/admin/overview' }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/removeItem/{id} (the owner’s unpaid order)',
    request: async (context) => ({ method: 'DELETE', path: `/api/removeItem/${await freshOrderOfOwner(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'DELETE /api/deleteOrders/{id} (the owner’s unpaid order)',
    request: async (context) => ({ method: 'DELETE', path: `/api/deleteOrders/${await freshOrderOfOwner(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/admin/orders/{id} (cancel the owner’s unpaid order)',
    request: async (context) => ({
      method: 'PATCH',
      path: `/api/admin/orders/${await freshOrderOfOwner(context)}`,
      body: { status: 'cancelled' },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'POST /api/admin/orders/{id}/refund (the owner’s paid order)',
    request: async (context) => {
      const orderId = await freshOrderOfOwner(context);
      const [order] = await context.server.db.select().from(orders).where(eq(orders.id, orderId));
      const paymentId = await insertSucceededTestPayment(context.server, orderId, order?.priceCents ?? 0);
      await markPaid(context.server, orderId, paymentId);
      return { method: 'POST', path: `/api/admin/orders/${orderId}/refund`, body: {} };
    },
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
]);
