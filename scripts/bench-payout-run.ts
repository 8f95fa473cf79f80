/**
 * Times one payout run on a database of your choosing (issue 40): starts the day's run (cut-off now) and
 * works it to the end in this process, as an instance's background worker does, then prints the run,
 * the time it took and this process's peak resident memory.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/courier_1m_me \
 *     node --max-old-space-size=192 --import tsx scripts/bench-payout-run.ts
 *
 * It writes payouts: run it on a copy (`createdb -T courier_1m courier_1m_me`), never on the original.
 */
import { resourceUsage } from 'node:process';
import { openDatabase } from '#server/db/client.ts';
import { readPayoutRun, startPayoutRun, workPayoutRuns } from '#server/modules/merchants/payout-run.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a copy of the database: the run writes payouts.');
const database = openDatabase({ kind: 'postgres', url });
const startedAt = performance.now();
const started = await startPayoutRun(database.db, process.env.TIME_ZONE ?? 'Asia/Dhaka', new Date(), 'bench');
const countedAt = performance.now();
await workPayoutRuns(database.db, { worker: 'bench' });
const finishedAt = performance.now();
const { failures, ...run } = (await readPayoutRun(database.db, started.day)) ?? started;
console.log(
  JSON.stringify(
    {
      run,
      failures: failures.length,
      startSeconds: Number(((countedAt - startedAt) / 1000).toFixed(2)),
      runSeconds: Number(((finishedAt - countedAt) / 1000).toFixed(1)),
      peakRssMb: Math.round(resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
await database.close();
