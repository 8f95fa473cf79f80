import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PollingWorker } from '#server/outbox/polling-worker.ts';
import type { Database } from './client.ts';

/**
 * Sums kept by triggers that only append (the parcels by status and hub, decision 123; what merchants are
 * owed, decision 151): `fold` deletes the appended rows and inserts their sums, in one transaction under
 * an advisory lock so one instance folds at a time (the others skip the round). Rows of transactions
 * still open are not yet visible to the DELETE, so they stay for the next fold: nothing is counted twice
 * or lost.
 */
export interface AppendedSums {
  /** What the worker's log calls them when a fold fails. */
  name: string;
  /** Any constant, the same for every instance folding one database's sums. */
  lockKey: number;
  /** `with folded as (delete … returning …) insert … select … group by …`. */
  fold: SQL;
}

export async function foldAppendedSums(db: Database, sums: AppendedSums): Promise<void> {
  await db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${sums.lockKey}) as taken`)) as unknown as {
      rows: { taken: boolean }[];
    };
    if (lock.rows[0]?.taken !== true) return;
    await tx.execute(sums.fold);
  });
}

/**
 * A busy day moves some 200,000 parcels and books as many ledger lines: folded every minute, a read sums
 * a few hundred rows besides the folded ones.
 */
const FOLD_EVERY_MS = 60_000;

/** Folds the sums once a minute inside the server, from when it is ready until it closes. */
export function appendedSumsFolding(db: Database, sums: AppendedSums, log: FastifyBaseLogger): PollingWorker {
  return new PollingWorker(
    () => foldAppendedSums(db, sums),
    FOLD_EVERY_MS,
    (error) => log.error({ err: error }, `The ${sums.name} could not be folded`),
  );
}
