import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import {
  newOrderSchema,
  orderIdParamsSchema,
  orderRefundSchema,
  orderSchema,
  orderStatusChangeSchema,
  ordersQuerySchema,
} from '#shared/order.ts';
import { assertMayOrder } from '../users/service.ts';
import { changeOrderStatus, type RefundPayment, refundOrder } from './fulfilment.ts';
import { cancelAnyOrder, cancelOwnOrder, listEveryOrder, listOrdersFor, placeOrder, type ReleasePayment } from './service.ts';

export interface OrderRouteOptions {
  db: Database;
  config: Config;
  releasePayment: ReleasePayment;
  refundPayment: RefundPayment;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (
  app,
  { db, config, releasePayment, refundPayment },
) => {
  /** Reserving or giving back stock changes what the catalogue shows, here and on every other instance. */
  const stockChanged = <T extends { productId: string | null }>(order: T) => {
    if (order.productId) app.publicReads.catalogueChanged(order.productId);
    return order;
  };

  app.post(
    '/api/orders',
    {
      onRequest: app.requireUser,
      config: floodLimit({
        max: config.rateLimits.ordersPerCustomer,
        windowMs: RATE_LIMIT_WINDOWS.order,
        what: 'orders',
        key: (request) => viewerOf(request).userId,
      }),
      preHandler: async (request) => assertMayOrder(db, config, viewerOf(request).userId),
      schema: {
        operationId: 'placeOrder',
        tags: ['orders'],
        summary: 'Buy Now: reserve the stock and create an unpaid order (price, names and email are set by the server)',
        body: newOrderSchema,
        errors: [403, 404, 409],
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(stockChanged(await placeOrder(db, viewerOf(request), request.body, config))),
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

  app.delete(
    '/api/removeItem/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'cancelMyOrder',
        tags: ['orders'],
        summary: 'Cancel your own unpaid order; its quantity goes back to stock',
        params: orderIdParamsSchema,
        errors: [403, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) => stockChanged(await cancelOwnOrder(db, releasePayment, viewerOf(request), request.params.id)),
  );

  app.delete(
    '/api/deleteOrders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'cancelOrder',
        tags: ['orders'],
        summary: 'Cancel any unpaid order (admin); its quantity goes back to stock',
        params: orderIdParamsSchema,
        errors: [409],
        response: { 200: orderSchema },
      },
    },
    async (request) => stockChanged(await cancelAnyOrder(db, releasePayment, viewerOf(request), request.params.id)),
  );

  app.patch(
    '/api/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'changeOrderStatus',
        tags: ['orders'],
        summary:
          'Move an order on (admin): paid → shipped (carrier and tracking number), shipped → delivered, unpaid → cancelled, paid or shipped → refunded; any other move is 409',
        params: orderIdParamsSchema,
        body: orderStatusChangeSchema,
        errors: [404, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) =>
      stockChanged(
        await changeOrderStatus(db, { releasePayment, refundPayment }, viewerOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'refundOrder',
        tags: ['orders'],
        summary: 'Refund a paid or shipped order through its card processor (admin); stock goes back if it was not shipped',
        params: orderIdParamsSchema,
        body: orderRefundSchema,
        errors: [404, 409],
        response: { 200: orderSchema },
      },
    },
    async (request) =>
      stockChanged(await refundOrder(db, refundPayment, viewerOf(request), request.params.id, request.body.note)),
  );
};
