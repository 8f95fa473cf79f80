import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/db/client.ts';
import { sweepLookHours } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sweep of the hourly look counters (decision 185); it runs on a timer, and tests run it at once. */
    recipientRecordLookHours: { sweep(now?: Date): Promise<number> };
  }
}

/** Every hour: a counter is read only in its own hour, so a day's rows at most are ever kept. */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Decision 185: every instance removes the counters older than a day when it starts and each hour; one
 * conditional delete, so two instances sweeping at once remove each row once.
 */
async function lookHoursSweepPlugin(app: FastifyInstance, { db }: { db: Database }) {
  let running: Promise<unknown> | undefined;
  const sweep = (now = new Date()) => sweepLookHours(db, now);
  const look = () => {
    running ??= sweep()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping the record looks’ counters failed; the next look tries again'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.decorate('recipientRecordLookHours', { sweep });
  const timer = setInterval(look, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => look());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(lookHoursSweepPlugin, { name: 'recipient-record-look-hours-sweep' });
