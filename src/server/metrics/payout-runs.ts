import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payoutRuns } from '#server/db/schema.ts';

export interface UnfinishedPayoutRun {
  /** Seconds since the oldest unfinished run started. */
  ageSeconds: number;
  merchants: number;
  settled: number;
  failed: number;
}

/** The oldest payout run still running, read when /metrics is scraped (issue 40); none when every run is done. */
export async function unfinishedPayoutRun(db: Database): Promise<UnfinishedPayoutRun[]> {
  return db
    .select({
      ageSeconds: sql<number>`extract(epoch from now() - ${payoutRuns.startedAt})::float8`.mapWith(Number),
      merchants: payoutRuns.merchants,
      settled: payoutRuns.settled,
      failed: payoutRuns.failed,
    })
    .from(payoutRuns)
    .where(sql`${payoutRuns.state} = 'running'`)
    .orderBy(payoutRuns.day)
    .limit(1);
}
