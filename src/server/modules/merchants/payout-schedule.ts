import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { scheduleTimedJob } from '#server/timed-job.ts';
import { startTuesdayRun, workPayoutRuns } from './payout-run.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Works the unfinished payout run in the background; `wake()` after an admin starts one. */
    payoutWorker: { wake(): void };
  }
}

/** Every five minutes: a Tuesday's run starts within five minutes of its hour, and an unfinished run is carried on. */
const LOOK_EVERY_MS = 5 * 60_000;

/**
 * Issue 30, 40 (decision 117): every instance looks on a timer, and once ready, for a due Tuesday run and
 * for any run still unfinished (another instance's that stopped, or this process's before a restart);
 * the run's lease lets one of them work it at a time.
 */
async function payoutSchedulePlugin(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const wake = scheduleTimedJob(app, {
    everyMs: LOOK_EVERY_MS,
    run: async (signal) => {
      await startTuesdayRun(db, config.timeZone);
      const days = await workPayoutRuns(db, { worker, signal });
      if (days.length > 0) app.log.info({ days }, 'payout runs worked');
    },
    failed: 'the payout run stopped; the next look carries it on',
  });
  app.decorate('payoutWorker', { wake });
}

export default fp(payoutSchedulePlugin, { name: 'payout-schedule' });
