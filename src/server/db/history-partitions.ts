import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Months made ahead of today, so a new month's first event never waits on DDL (decision 0129). */
export const MONTHS_AHEAD = 2;

/**
 * Makes the month partitions of consignment_events and merchant_ledger from `now`'s month to
 * MONTHS_AHEAD months after it that do not exist yet, moving any of their rows that fell into the default
 * partition meanwhile. Returns how many partitions it made (0 on almost every call).
 */
export async function makeHistoryPartitions(db: Database, now: Date = new Date()): Promise<number> {
  const first = now.toISOString().slice(0, 10);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1)).toISOString().slice(0, 10);
  const result = (await db.execute(sql`select history_month_partitions(${first}::date, ${last}::date) as made`)) as unknown as {
    rows: { made: number }[];
  };
  return Number(result.rows[0]?.made ?? 0);
}
