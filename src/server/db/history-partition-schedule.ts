import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleTimedJob } from '../timed-job.ts';
import type { Database } from './client.ts';
import { makeHistoryPartitions } from './history-partitions.ts';

/** Every six hours: a missed day still leaves the next month made weeks before it starts. */
const LOOK_EVERY_MS = 6 * 60 * 60_000;

/**
 * Decision 0129: every instance makes the coming months' partitions when it starts and on a timer; the
 * database function takes a lock, so two instances never make the same month.
 */
async function historyPartitionSchedulePlugin(app: FastifyInstance, { db }: { db: Database }) {
  scheduleTimedJob(app, {
    everyMs: LOOK_EVERY_MS,
    run: async () => {
      const made = await makeHistoryPartitions(db);
      if (made) app.log.info({ partitions: made }, 'the coming months of history have their partitions');
    },
    failed: 'making the coming months’ partitions failed; the next look tries again',
  });
}

export default fp(historyPartitionSchedulePlugin, { name: 'history-partition-schedule' });
