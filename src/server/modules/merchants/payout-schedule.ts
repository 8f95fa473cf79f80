import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { runTuesdayPayouts } from './payouts.ts';

/** Every five minutes: a Tuesday's run starts within five minutes of its hour, on whichever instance looks first. */
const LOOK_EVERY_MS = 5 * 60_000;

/** Issue 30: every instance looks for a due Tuesday run on a timer; `payout_runs` lets one of them make it. */
async function payoutSchedulePlugin(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= runTuesdayPayouts(db, config.timeZone)
      .then((made) => {
        if (made) app.log.info({ payouts: made.length }, 'the Tuesday payouts are made');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'the Tuesday payouts failed; the next look tries again'))
      .finally(() => {
        running = undefined;
      });
  }, LOOK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(payoutSchedulePlugin, { name: 'payout-schedule' });
