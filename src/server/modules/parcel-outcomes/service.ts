import { and, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import type { AppendedSums } from '#server/db/appended-sums.ts';
import type { Database } from '#server/db/client.ts';
import { parcelOutcomes } from '#server/db/schema.ts';
import { calendarDayIn, DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { OUTCOME_WEEKS, type OutcomeCounts, type OutcomeWeek, type ParcelOutcomes } from '#shared/parcel-outcomes.ts';

const DAY_MS = 86_400_000;

/** The Mondays of the last OUTCOME_WEEKS weeks in Dhaka, oldest first (what the triggers' weeks are). */
function lastMondays(now: Date): string[] {
  const today = calendarDayIn(now, DEFAULT_TIME_ZONE);
  const todayAtNoon = new Date(`${today}T12:00:00Z`);
  const monday = new Date(todayAtNoon.getTime() - ((todayAtNoon.getUTCDay() + 6) % 7) * DAY_MS);
  return Array.from({ length: OUTCOME_WEEKS }, (_, index) =>
    new Date(monday.getTime() - (OUTCOME_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * How parcels booked in each of the last weeks ended (R-PARCEL-OUTCOMES, decision 171): one sender's, or
 * the whole network's (`senderId` null); sums of the rows the triggers appended, a few a week.
 */
export async function weeklyOutcomes(db: Database, senderId: string | null, now = new Date()): Promise<ParcelOutcomes> {
  const mondays = lastMondays(now);
  const rows = await db
    .select({
      week: parcelOutcomes.week,
      outcome: parcelOutcomes.outcome,
      confirmation: parcelOutcomes.confirmation,
      parcels: sum(parcelOutcomes.parcels).mapWith(Number),
    })
    .from(parcelOutcomes)
    .where(
      and(
        senderId === null ? isNull(parcelOutcomes.senderId) : eq(parcelOutcomes.senderId, senderId),
        gte(parcelOutcomes.week, mondays[0] ?? ''),
      ),
    )
    .groupBy(parcelOutcomes.week, parcelOutcomes.outcome, parcelOutcomes.confirmation);
  const weeks = new Map<string, OutcomeWeek>(
    mondays.map((week) => [week, { week, delivered: 0, returned: 0, cancelled: 0, open: 0 }]),
  );
  const none = (): OutcomeCounts => ({ delivered: 0, returned: 0, cancelled: 0, open: 0 });
  const byConfirmation = { confirmed: none(), unconfirmed: none(), notAsked: none() };
  for (const row of rows) {
    const week = weeks.get(row.week);
    if (!week) continue;
    week[row.outcome] += row.parcels;
    byConfirmation[row.confirmation === 'not_asked' ? 'notAsked' : row.confirmation][row.outcome] += row.parcels;
  }
  return { weeks: [...weeks.values()], byConfirmation };
}

/** The outcomes' fold: one row per (week, sender, outcome, confirmation), the sums as they were (decisions 171, 182). */
export const PARCEL_OUTCOME_SUMS: AppendedSums = {
  name: 'weekly parcel outcomes',
  lockKey: 727_042,
  fold: sql`
    with folded as (delete from ${parcelOutcomes} returning week, sender_id, outcome, confirmation, parcels)
    insert into ${parcelOutcomes} (week, sender_id, outcome, confirmation, parcels)
    select week, sender_id, outcome, confirmation, sum(parcels) from folded
    group by week, sender_id, outcome, confirmation having sum(parcels) <> 0`,
};
