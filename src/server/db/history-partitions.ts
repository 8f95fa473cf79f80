import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Months made ahead of today, so a new month's first event never waits on DDL (decision 0129). */
export const MONTHS_AHEAD = 2;

/**
 * Makes the month partitions of consignment_events and merchant_ledger that do not exist yet: from
 * `now`'s month to MONTHS_AHEAD months after it, widened to every month of a row that fell into a
 * default partition meanwhile (a bulk load of old history, a clock far ahead), which it moves into its
 * month. Returns how many partitions it made (0 on almost every call).
 */
export async function makeHistoryPartitions(db: Database, now: Date = new Date()): Promise<number> {
  const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1));
  const result = (await db.execute(sql`
    with stray as (
      select created_at from consignment_events_default
      union all
      select created_at from merchant_ledger_default
    )
    select history_month_partitions(
      (least(${now.toISOString()}::timestamptz, (select min(created_at) from stray)) at time zone 'UTC')::date,
      (greatest(${ahead.toISOString()}::timestamptz, (select max(created_at) from stray)) at time zone 'UTC')::date
    ) as made`)) as unknown as { rows: { made: number }[] };
  return Number(result.rows[0]?.made ?? 0);
}
