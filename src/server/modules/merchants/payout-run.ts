import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { merchantLedger, merchants, payoutRunFailures, payoutRuns } from '#server/db/schema.ts';
import { payoutRunSteps } from '#server/metrics/shop-events.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import { dayAfter, shopClock } from '../rates/working-days.ts';
import { payOutMerchant } from './payouts.ts';

/** The hour of a Tuesday, in the shop's time zone, from which that Tuesday's payouts are made. */
export const PAYOUT_HOUR = 10;
const TUESDAY = 2;

/**
 * A worker that has not written its heartbeat for this long is taken to be gone (killed, or its machine
 * lost) and another instance takes the run over. It writes one after every merchant, and the largest
 * merchant's payout takes seconds, so only a stopped worker goes this long (decision 117).
 */
export const PAYOUT_LEASE_MS = 2 * 60_000;

/** The failures an admin reads beside the progress bar; the run counts them all in `failed`. */
const FAILURES_SHOWN = 50;
/** A failure's reason is PostgreSQL's or the code's message; a stack is for the log. */
const REASON_LENGTH = 500;

type RunRow = typeof payoutRuns.$inferSelect;

/** This worker's lease on the run has passed to another: it stops, and its last payout is rolled back. */
class LeaseLost extends Error {}

/** Lines still owed before `cutoff` by a merchant after `after` in id order; through merchant_ledger_unsettled_idx. */
function owingAfter(cutoff: Date, after: SQL | string | null) {
  return and(
    isNull(merchantLedger.payoutId),
    lt(merchantLedger.createdAt, cutoff),
    after === null ? undefined : gt(merchantLedger.merchantId, after),
  );
}

/** The next merchant after `after` (in id order) with lines owed before `cutoff`: one index probe. */
async function nextMerchantOwing(db: Database, cutoff: Date, after: string | null): Promise<string | undefined> {
  const [next] = await db
    .select({ merchantId: merchantLedger.merchantId })
    .from(merchantLedger)
    .where(owingAfter(cutoff, after))
    .orderBy(asc(merchantLedger.merchantId))
    .limit(1);
  return next?.merchantId;
}

/**
 * How many merchants owe lines before `cutoff`: a skip scan, one index probe per merchant (thousands),
 * instead of reading the million lines owed, so starting a run answers at once.
 */
function merchantsOwing(cutoff: Date): SQL<number> {
  return sql<number>`(
    with recursive owing(merchant_id) as (
      (select merchant_id from ${merchantLedger} where ${owingAfter(cutoff, null)} order by merchant_id limit 1)
      union all
      select (select l.merchant_id from ${merchantLedger} l
        where l.payout_id is null and l.created_at < ${cutoff.toISOString()}::timestamptz and l.merchant_id > owing.merchant_id
        order by l.merchant_id limit 1)
      from owing where owing.merchant_id is not null
    )
    select count(merchant_id)::int from owing
  )`;
}

/** The run an admin follows: `day`'s, or the latest; with the first failures and their reasons. */
export async function readPayoutRun(db: Database, day?: string): Promise<PayoutRun | undefined> {
  const [run] = await db
    .select()
    .from(payoutRuns)
    .where(day ? eq(payoutRuns.day, day) : undefined)
    .orderBy(desc(payoutRuns.day))
    .limit(1);
  if (!run) return undefined;
  const failures = await db
    .select({
      merchantId: payoutRunFailures.merchantId,
      businessName: merchants.businessName,
      error: payoutRunFailures.error,
      attempts: payoutRunFailures.attempts,
      failedAt: payoutRunFailures.failedAt,
    })
    .from(payoutRunFailures)
    .innerJoin(merchants, eq(merchants.id, payoutRunFailures.merchantId))
    .where(eq(payoutRunFailures.day, run.day))
    .orderBy(asc(payoutRunFailures.merchantId))
    .limit(FAILURES_SHOWN);
  return {
    day: run.day,
    cutoff: run.cutoff.toISOString(),
    state: run.state,
    merchants: run.merchants,
    settled: run.settled,
    failed: run.failed,
    payouts: run.payouts,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    failures: failures.map((failure) => ({
      merchant: { id: failure.merchantId, businessName: failure.businessName },
      error: failure.error,
      attempts: failure.attempts,
      failedAt: failure.failedAt.toISOString(),
    })),
  };
}

/**
 * Starts the shop day's run with `now` as its cut-off, or answers the one that day already has, running
 * or done: one run a day, so starting it again makes nothing new (R-PAYOUTS). A worker makes the payouts.
 */
export async function startPayoutRun(db: Database, timeZone: string, now: Date, startedBy?: string): Promise<PayoutRun> {
  const day = shopClock(now, timeZone).day;
  await db
    .insert(payoutRuns)
    .values({ day, cutoff: now, startedBy, merchants: merchantsOwing(now) })
    .onConflictDoNothing();
  const run = await readPayoutRun(db, day);
  if (!run) throw new Error(`the payout run of ${day} was not recorded`);
  return run;
}

/**
 * When the next payout run starts (R-PAYOUTS), as the merchant page's "Paid every Tuesday" means it:
 * today's when it is a Tuesday before PAYOUT_HOUR in the shop's time zone, else the next Tuesday's.
 */
export function nextPayoutRun(timeZone: string, now = new Date()): { day: string; at: Date } {
  const clock = shopClock(now, timeZone);
  const weekday = new Date(`${clock.day}T12:00:00Z`).getUTCDay();
  const daysAhead = weekday === TUESDAY ? (clock.hour < PAYOUT_HOUR ? 0 : 7) : (TUESDAY - weekday + 7) % 7;
  const day = dayAfter(clock.day, daysAhead);
  const two = (value: number) => String(value).padStart(2, '0');
  // The hour read as UTC, moved back by the zone's offset at that moment.
  const asUtc = new Date(`${day}T${two(PAYOUT_HOUR)}:00:00Z`);
  const seen = shopClock(asUtc, timeZone);
  const offset = Date.parse(`${seen.day}T${two(seen.hour)}:${two(seen.minute)}:00Z`) - asUtc.getTime();
  return { day, at: new Date(asUtc.getTime() - offset) };
}

/** The Tuesday's run, started from PAYOUT_HOUR on a Tuesday in the shop's time zone; undefined when none is due. */
export async function startTuesdayRun(db: Database, timeZone: string, now = new Date()): Promise<PayoutRun | undefined> {
  const clock = shopClock(now, timeZone);
  if (new Date(`${clock.day}T12:00:00Z`).getUTCDay() !== TUESDAY || clock.hour < PAYOUT_HOUR) return undefined;
  return startPayoutRun(db, timeZone, now, 'schedule');
}

/**
 * Takes the oldest unfinished run after `afterDay` for `worker` unless another worker's lease on it is
 * fresh: one UPDATE, so of two instances looking at once exactly one gets it (decision 117).
 */
async function claimRun(db: Database, worker: string, leaseMs: number, afterDay: string | null): Promise<RunRow | undefined> {
  const [run] = await db
    .update(payoutRuns)
    .set({ worker, heartbeat: sql`now()` })
    .where(
      and(
        eq(
          payoutRuns.day,
          sql`(select day from ${payoutRuns} where state = 'running' and day > ${afterDay ?? ''} order by day limit 1)`,
        ),
        eq(payoutRuns.state, 'running'),
        or(
          isNull(payoutRuns.worker),
          eq(payoutRuns.worker, worker),
          lt(payoutRuns.heartbeat, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
        ),
      ),
    )
    .returning();
  return run;
}

/** The run's row, changed only while `worker` still holds it; LeaseLost when another took it over. */
function heldBy(day: string, worker: string) {
  return and(eq(payoutRuns.day, day), eq(payoutRuns.worker, worker), eq(payoutRuns.state, 'running'));
}

/** PostgreSQL's own words when a query failed (the ORM's message is the query and its parameters). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, REASON_LENGTH);
}

/**
 * One merchant's payout within the run: the payout and the run's progress commit together, so a worker
 * killed between them leaves neither and the next pays that merchant once. A merchant that fails is
 * recorded with its reason and the run goes on to the next (issue 40).
 */
async function payInRun(db: Database, run: RunRow, worker: string, merchantId: string, retrying: boolean): Promise<void> {
  try {
    const payout = await payOutMerchant(db, merchantId, run.cutoff, async (tx, payout) => {
      const [held] = await tx
        .update(payoutRuns)
        .set({
          settled: sql`${payoutRuns.settled} + 1`,
          payouts: sql`${payoutRuns.payouts} + ${payout ? 1 : 0}`,
          heartbeat: sql`now()`,
          ...(retrying ? { failed: sql`${payoutRuns.failed} - 1` } : { afterMerchant: merchantId }),
        })
        .where(heldBy(run.day, worker))
        .returning({ day: payoutRuns.day });
      if (!held) throw new LeaseLost();
      if (retrying)
        await tx
          .delete(payoutRunFailures)
          .where(and(eq(payoutRunFailures.day, run.day), eq(payoutRunFailures.merchantId, merchantId)));
    });
    payoutRunSteps.tell({ outcome: payout ? 'paid' : 'nothing owed' });
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    await recordFailure(db, run.day, worker, merchantId, reasonOf(error), retrying);
    payoutRunSteps.tell({ outcome: 'failed' });
  }
}

async function recordFailure(db: Database, day: string, worker: string, merchantId: string, reason: string, retrying: boolean) {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .update(payoutRuns)
      .set({
        lastError: reason,
        heartbeat: sql`now()`,
        ...(retrying ? {} : { failed: sql`${payoutRuns.failed} + 1`, afterMerchant: merchantId }),
      })
      .where(heldBy(day, worker))
      .returning({ day: payoutRuns.day });
    if (!held) throw new LeaseLost();
    await tx
      .insert(payoutRunFailures)
      .values({ day, merchantId, error: reason })
      .onConflictDoUpdate({
        target: [payoutRunFailures.day, payoutRunFailures.merchantId],
        set: { error: reason, attempts: sql`${payoutRunFailures.attempts} + 1`, failedAt: sql`now()` },
      });
  });
}

/** The merchants the run could not pay yet, oldest failure first, a page at a time after `after`. */
async function failedAfter(db: Database, day: string, after: string | null): Promise<string[]> {
  const rows = await db
    .select({ merchantId: payoutRunFailures.merchantId })
    .from(payoutRunFailures)
    .where(and(eq(payoutRunFailures.day, day), after ? gt(payoutRunFailures.merchantId, after) : undefined))
    .orderBy(asc(payoutRunFailures.merchantId))
    .limit(FAILURES_SHOWN);
  return rows.map((row) => row.merchantId);
}

export interface PayoutWork {
  /** This instance, as the run's lease names it. */
  worker: string;
  leaseMs?: number;
  /** Aborted when the process closes: the worker lets the run go between two merchants. */
  signal?: AbortSignal;
}

/**
 * Works every unfinished run no other worker holds, oldest first (R-PAYOUTS, decision 117): one left
 * failed does not hold back the next Tuesday's. Answers the days it worked.
 */
export async function workPayoutRuns(db: Database, work: PayoutWork): Promise<string[]> {
  const worked: string[] = [];
  for (let run = await claimRun(db, work.worker, work.leaseMs ?? PAYOUT_LEASE_MS, null); run && !work.signal?.aborted; ) {
    await workRun(db, run, work);
    worked.push(run.day);
    run = await claimRun(db, work.worker, work.leaseMs ?? PAYOUT_LEASE_MS, run.day);
  }
  return worked;
}

/**
 * One run: every merchant owing before its cut-off after the last one settled, then one more try of each
 * that failed. The run is done only when none is left failed; otherwise it stays running and the next
 * look retries them.
 */
async function workRun(db: Database, run: RunRow, { worker, signal }: PayoutWork): Promise<void> {
  try {
    let after = run.afterMerchant;
    for (let next = await nextMerchantOwing(db, run.cutoff, after); next && !signal?.aborted; ) {
      await payInRun(db, run, worker, next, false);
      after = next;
      next = await nextMerchantOwing(db, run.cutoff, after);
    }
    for (let page = await failedAfter(db, run.day, null); page.length > 0 && !signal?.aborted; ) {
      for (const merchantId of page) await payInRun(db, run, worker, merchantId, true);
      page = await failedAfter(db, run.day, page.at(-1) ?? null);
    }
    if (!signal?.aborted)
      await db
        .update(payoutRuns)
        .set({ state: 'done', finishedAt: sql`now()` })
        .where(
          and(
            heldBy(run.day, worker),
            eq(payoutRuns.failed, 0),
            sql`not exists (select 1 from ${payoutRunFailures} where ${payoutRunFailures.day} = ${run.day})`,
          ),
        );
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error;
  } finally {
    // Let go, so the next look of any instance retries what is left without waiting for the lease.
    await db
      .update(payoutRuns)
      .set({ worker: null })
      .where(and(eq(payoutRuns.day, run.day), eq(payoutRuns.worker, worker)));
  }
}
