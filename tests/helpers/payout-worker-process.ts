/**
 * A payout worker in a process of its own, for the test that kills it mid-run (issue 40): it works the
 * database's unfinished run and, once HOLD_AFTER payouts have committed, holds the next one just before
 * it commits, says "held" on stdout and waits there to be killed.
 */
import { openDatabase } from '#server/db/client.ts';
import { holdRacesOn } from '#server/db/race-points.ts';
import { workPayoutRuns } from '#server/modules/merchants/payout-run.ts';

const url = process.env.DATABASE_URL;
const holdAfter = Number(process.env.HOLD_AFTER);
if (!url || !Number.isInteger(holdAfter)) throw new Error('DATABASE_URL and HOLD_AFTER are needed');

const { db } = openDatabase({ kind: 'postgres', url });
let made = 0;
holdRacesOn(db, async (point) => {
  if (point !== 'payout created') return;
  made += 1;
  if (made <= holdAfter) return;
  process.stdout.write('held\n');
  // Never answers: the transaction stays open, as it would on a machine that stops here.
  await new Promise(() => setInterval(() => {}, 60_000));
});
await workPayoutRuns(db, { worker: 'the process that is killed' });
process.stdout.write('finished\n');
process.exit(0);
