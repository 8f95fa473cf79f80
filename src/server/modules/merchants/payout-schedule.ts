import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
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
  const closing = new AbortController();
  let working: Promise<void> | undefined;
  let lookAgain = false;
  const look = async () => {
    await startTuesdayRun(db, config.timeZone);
    const days = await workPayoutRuns(db, { worker, signal: closing.signal });
    if (days.length > 0) app.log.info({ days }, 'payout runs worked');
  };
  const wake = () => {
    if (working) {
      lookAgain = true;
      return;
    }
    working = look()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the payout run stopped; the next look carries it on'))
      .finally(() => {
        working = undefined;
        if (lookAgain && !closing.signal.aborted) {
          lookAgain = false;
          wake();
        }
      });
  };
  app.decorate('payoutWorker', { wake });
  const timer = setInterval(wake, LOOK_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => wake());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    closing.abort();
    await working;
  });
}

export default fp(payoutSchedulePlugin, { name: 'payout-schedule' });
