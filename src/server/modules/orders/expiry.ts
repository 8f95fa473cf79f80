import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Order } from '#shared/order.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { takeExpirySweep } from './repository.ts';
import { expireUnpaidOrders, type ReleasePayment } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** R-HOLD: the sweep that expires unpaid orders; it runs on a timer, and tests run it at once. */
    orderExpiry: { sweep(now?: Date): Promise<Order[]> };
  }
}

/** A sweep at least once a minute, and twice per hold when holds are shorter (tests). */
const SWEEP_EVERY_MS_AT_MOST = 60_000;

export interface OrderExpiryOptions {
  config: Config;
  database: DatabaseHandle;
  lifecycle: OrderLifecycle;
  releasePayment: ReleasePayment;
}

/**
 * R-HOLD: every instance runs the sweep on a timer, but on a shared PostgreSQL only one at a time sweeps
 * (a transaction-scoped advisory lock the others fail to take and skip); each order is still deleted by
 * a conditional statement, so even two sweeps at once give its stock back once. The embedded database
 * has one instance only: its data directory is locked.
 */
async function orderExpiryPlugin(app: FastifyInstance, { config, database, lifecycle, releasePayment }: OrderExpiryOptions) {
  const { db } = database;
  const holdMs = config.orderHoldMinutes * 60_000;
  const expire = async (now: Date) => {
    const { expired, failures } = await expireUnpaidOrders(lifecycle, releasePayment, new Date(now.getTime() - holdMs));
    if (expired.length > 0) app.log.info({ orders: expired.length }, 'unpaid orders expired: their stock is back on sale');
    for (const error of failures)
      app.log.warn({ err: error }, 'an unpaid order could not expire yet; the next sweep tries again');
    return expired;
  };
  const sweep = async (now = new Date()): Promise<Order[]> => {
    if (database.kind !== 'postgres') return expire(now);
    return db.transaction(async (tx) => ((await takeExpirySweep(tx)) ? expire(now) : []));
  };

  let running: Promise<unknown> | undefined;
  const timer = setInterval(
    () => {
      running ??= sweep()
        .catch((error: unknown) => app.log.warn({ err: error }, 'the unpaid-order sweep failed; it runs again shortly'))
        .finally(() => {
          running = undefined;
        });
    },
    Math.min(SWEEP_EVERY_MS_AT_MOST, holdMs / 2),
  );
  timer.unref();
  app.decorate('orderExpiry', { sweep });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(orderExpiryPlugin, { name: 'order-expiry' });
