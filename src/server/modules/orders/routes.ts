import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import { adminOrdersFilterSchema, adminOrdersQuerySchema } from '#shared/admin-orders.ts';
import { checkoutSchema } from '#shared/checkout.ts';
import {
  adminOrdersPageSchema,
  newOrderSchema,
  orderIdParamsSchema,
  orderNumberParamsSchema,
  orderRefundSchema,
  orderSchema,
  orderStatusChangeSchema,
  ordersQuerySchema,
} from '#shared/order.ts';
import { assertMayOrder } from '../customers/service.ts';
import { checkOut } from './checkout.ts';
import { changeOrderStatus, type RefundPayment, refundOrder } from './fulfilment.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { ordersCsv, ordersCsvFileName } from './order-export.ts';
import {
  cancelAnyOrder,
  cancelOwnOrder,
  listEveryOrder,
  listOrdersFor,
  listOrdersForAdmin,
  placeOrder,
  type ReleasePayment,
  readOrderByNumber,
} from './service.ts';

export interface OrderRouteOptions {
  db: Database;
  /** Every order change goes through it; it drops the public answers a change affected once it committed. */
  lifecycle: OrderLifecycle;
  config: Config;
  releasePayment: ReleasePayment;
  refundPayment: RefundPayment;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (
  app,
  { db, lifecycle, config, releasePayment, refundPayment },
) => {
  /** Buy Now and checkout place orders under the same limits (R-HOLD, R-EMAIL-VERIFY). */
  const placing = {
    onRequest: app.requireUser,
    config: floodLimit({
      max: config.rateLimits.ordersPerCustomer,
      windowMs: RATE_LIMIT_WINDOWS.order,
      what: /*i18n*/ 'orders',
      key: (request) => viewerOf(request).userId,
    }),
    preHandler: async (request: FastifyRequest) => assertMayOrder(db, config, viewerOf(request).userId),
  };

  app.post(
    '/api/orders',
    {
      ...placing,
      schema: {
        operationId: 'placeOrder',
        tags: ['orders'],
        summary:
          "Buy Now: reserve the stock and create an unpaid order of one line (price, names and email are set by the server); the delivery address is `shippingAddress`, else the profile's address and phone, else none; `saveAddressToProfile` keeps the given one in the profile",
        body: newOrderSchema,
        errors: [403, 404, 409],
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await placeOrder(lifecycle, viewerOf(request), request.body, config)),
  );

  app.post(
    '/api/checkout',
    {
      ...placing,
      schema: {
        operationId: 'checkOut',
        tags: ['orders'],
        summary:
          "Checkout: the signed-in customer's cart becomes one unpaid order with a line per product and one total; every line's stock is reserved and the cart emptied in one transaction. A line that cannot be ordered (sold out, not enough stock, outside its minimum or maximum, price changed, deleted) is 409 naming the product, and nothing changes; with `reviewed` (the lines the review page showed) a cart changed since is 409 too. The delivery address works as for Buy Now",
        body: checkoutSchema,
        errors: [403, 409],
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await checkOut(lifecycle, viewerOf(request), request.body, config)),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listMyOrders',
        tags: ['orders'],
        summary: 'My Orders: your own orders, newest first',
        querystring: ordersQuerySchema,
        errors: [403],
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => listOrdersFor(db, viewerOf(request), request.query.email),
  );

  app.get(
    '/api/orders/number/:number',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getOrder',
        tags: ['orders'],
        summary: 'One order by its number (SC-100042): your own, or any for admins; another customer’s answers 404',
        params: orderNumberParamsSchema,
        errors: [404],
        response: { 200: orderSchema },
      },
    },
    async (request) => readOrderByNumber(db, viewerOf(request), request.params.number, app.isAdmin),
  );

  app.get(
    '/api/allOrders',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'listAllOrders',
        tags: ['orders'],
        summary: 'Every order, newest first (admin)',
        response: { 200: z.array(orderSchema) },
      },
    },
    async () => listEveryOrder(db),
  );

  app.get(
    '/api/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'searchOrders',
        tags: ['orders'],
        summary:
          'Manage Orders (admin): one page of the orders, newest first, filtered by status and searched by order number (SC-100042 or 100042) or any part of the customer’s email',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersPageSchema },
      },
    },
    async (request) => listOrdersForAdmin(db, request.query),
  );

  app.get(
    '/api/admin/orders.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'exportOrders',
        tags: ['orders'],
        summary:
          "The filtered orders as a CSV file (admin), newest first; a cell starting with = + - @ is written with a leading ' so spreadsheets show it as text",
        querystring: adminOrdersFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180): a heading line, then one line per order') },
      },
    },
    async (request, reply) => {
      // Streamed as it is read: the schema's string types what the stream carries, not the stream.
      const csv = Readable.from(ordersCsv(db, request.query)) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ordersCsvFileName(request.query, new Date())}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.delete(
    '/api/removeItem/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'cancelMyOrder',
        tags: ['orders'],
        summary: 'Cancel your own unpaid order; every line’s quantity goes back to stock',
        params: orderIdParamsSchema,
        errors: [403, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) => cancelOwnOrder(lifecycle, releasePayment, viewerOf(request), request.params.id),
  );

  app.delete(
    '/api/deleteOrders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'cancelOrder',
        tags: ['orders'],
        summary: 'Cancel any unpaid order (admin); every line’s quantity goes back to stock',
        params: orderIdParamsSchema,
        errors: [409],
        response: { 200: orderSchema },
      },
    },
    async (request) => cancelAnyOrder(lifecycle, releasePayment, viewerOf(request), request.params.id),
  );

  app.patch(
    '/api/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'changeOrderStatus',
        tags: ['orders'],
        summary:
          'Move an order on (admin): paid → shipped (carrier, tracking number and a delivery address), shipped → delivered, unpaid → cancelled, paid or shipped → refunded; any other move is 409. `shippingAddress` gives an unpaid or paid order its delivery address, alone or with shipping',
        params: orderIdParamsSchema,
        body: orderStatusChangeSchema,
        errors: [404, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) =>
      changeOrderStatus(lifecycle, { releasePayment, refundPayment }, viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'refundOrder',
        tags: ['orders'],
        summary:
          'Refund a paid or shipped order through its card processor (admin); every line’s stock goes back if it was not shipped',
        params: orderIdParamsSchema,
        body: orderRefundSchema,
        errors: [404, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) => refundOrder(lifecycle, refundPayment, viewerOf(request), request.params.id, request.body.note),
  );
};
