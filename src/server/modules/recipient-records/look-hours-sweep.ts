import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/db/client.ts';
import { scheduleTimedJob } from '#server/timed-job.ts';
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
  const sweep = (now = new Date()) => sweepLookHours(db, now);
  app.decorate('recipientRecordLookHours', { sweep });
  scheduleTimedJob(app, {
    everyMs: SWEEP_EVERY_MS,
    run: () => sweep(),
    failed: 'sweeping the record looks’ counters failed; the next look tries again',
  });
}

export default fp(lookHoursSweepPlugin, { name: 'recipient-record-look-hours-sweep' });
