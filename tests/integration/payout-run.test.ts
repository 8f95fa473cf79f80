import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { openDatabase } from '#server/db/client.ts';
import { readPayoutRun, startPayoutRun, workPayoutRuns } from '#server/modules/merchants/payout-run.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { holdAt } from '../helpers/held-race-point.ts';
import { makePayoutsNow } from '../helpers/merchants.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * `count` merchants owing three lines each from yesterday, and `heavy` lines more owed by the first of
 * them, ৳2,500 each (so that merchant's payout passes 2^31 poisha): written set-based, as a big courier's week.
 */
async function merchantsOwing(db: Database, count: number, heavy = 0) {
  await db.execute(sql`
    insert into merchants (business_name, pickup_addresses, payout_method, status)
    select 'Merchant ' || lpad(n::text, 5, '0'), '[]'::jsonb,
      '{"kind":"wallet","wallet":"bkash","number":"01711000000"}'::jsonb, 'approved'
    from generate_series(1, ${count}) n`);
  await db.execute(sql`
    insert into merchant_ledger (merchant_id, kind, amount, note, created_at)
    select m.id, 'correction', 1000 + (line * 37) % 5000, 'owed', now() - interval '1 day'
    from merchants m cross join generate_series(1, 3) line`);
  await db.execute(sql`
    insert into merchant_ledger (merchant_id, kind, amount, note, created_at)
    select (select id from merchants where business_name = 'Merchant 00001'), 'correction', 250000, 'heavy',
      now() - interval '1 day' + line * interval '1 millisecond'
    from generate_series(1, ${heavy}) line`);
}

/**
 * What a run must leave, whatever stopped it on the way: every line owed before its cut-off settled,
 * one payout per merchant owing, each the sum and count of the lines it settled.
 */
async function paidOnceEach(db: Database, run: PayoutRun) {
  const [totals] = await rowsOf<{ unsettled: number; owed: number; paid: number; payouts: number; merchants: number }>(
    db,
    sql`select
      (select count(*)::int from merchant_ledger where payout_id is null and created_at < ${run.cutoff}::timestamptz) as unsettled,
      (select sum(amount)::float8 from merchant_ledger where created_at < ${run.cutoff}::timestamptz) as owed,
      (select sum(amount)::float8 from payouts) as paid,
      (select count(*)::int from payouts) as payouts,
      (select count(distinct merchant_id)::int from payouts) as merchants`,
  );
  const mismatched = await rowsOf<{ number: number }>(
    db,
    sql`select p.number from payouts p join merchant_ledger l on l.payout_id = p.id
      group by p.id having p.amount <> sum(l.amount) or p.lines <> count(*)`,
  );
  return { ...totals, mismatched: mismatched.length };
}

describe.skipIf(withoutPostgres())('the payout run as a background job (issue 40, needs PostgreSQL)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  // Minutes on a busy shared machine: 2,000 merchants, one transaction each.
  it('pays 2,000 merchants, one owing 70,000 lines, from "Make the payouts now"', { timeout: 900_000 }, async () => {
    server = await startTestServer({ kind: 'postgres' });
    const admin = await signInAdmin(server);
    await merchantsOwing(server.db, 2_000, 70_000);
    const started = await call<PayoutRun>(server, 'POST', '/api/admin/payouts/run', {
      token: admin.token,
      body: { confirm: true },
    });
    // It answers at once with the run; the payouts are made behind it.
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'running', merchants: 2_000 });
    const run = await makePayoutsNow(server, admin, 840_000);
    expect(run).toMatchObject({ state: 'done', merchants: 2_000, settled: 2_000, payouts: 2_000, failed: 0, failures: [] });
    expect(await paidOnceEach(server.db, run)).toMatchObject({ unsettled: 0, payouts: 2_000, merchants: 2_000, mismatched: 0 });
    const { owed, paid } = await paidOnceEach(server.db, run);
    expect(paid).toBe(owed);
    const [heavy] = await rowsOf<{ lines: number; amount: number }>(
      server.db,
      sql`select lines, amount::float8 as amount from payouts join merchants m on m.id = merchant_id where m.business_name = 'Merchant 00001'`,
    );
    expect(heavy).toEqual({ lines: 70_003, amount: 70_000 * 250_000 + 1037 + 1074 + 1111 });
  });

  it('a worker killed half-way is carried on by another process, and nobody is paid twice', { timeout: 300_000 }, async () => {
    server = await startTestServer({ kind: 'postgres' });
    const { db } = server;
    await merchantsOwing(db, 100);
    const started = await startPayoutRun(db, 'Asia/Dhaka', new Date());
    const worker = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/payout-worker-process.ts'], {
      env: { ...process.env, DATABASE_URL: server.database.url, HOLD_AFTER: '40' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    worker.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    // Starting a process and paying 40 merchants takes a while on a busy machine.
    expect(await holdsWithin(120_000, async () => said.includes('held'))).toBe(true);
    // 40 merchants paid and counted; the 41st payout is made but not committed when the process dies.
    expect(await readPayoutRun(db)).toMatchObject({ state: 'running', settled: 40, payouts: 40 });
    worker.kill('SIGKILL');
    await once(worker, 'exit');

    // Its lease is still fresh: another instance does not take the run over at once.
    expect(await workPayoutRuns(db, { worker: 'the next process' })).toEqual([]);
    // Once it is older than the lease, it does, and carries on after the last merchant paid.
    const takenOver = async () => (await workPayoutRuns(db, { worker: 'the next process', leaseMs: 1_000 })).length > 0;
    expect(await holdsWithin(15_000, takenOver)).toBe(true);
    expect(await readPayoutRun(db)).toMatchObject({ state: 'done', merchants: 100, settled: 100, payouts: 100, failed: 0 });
    expect(await paidOnceEach(db, started)).toMatchObject({ unsettled: 0, payouts: 100, merchants: 100, mismatched: 0 });
  });

  it('a merchant whose payout fails does not stop the others; the run is done once it is retried and paid', {
    timeout: 300_000,
  }, async () => {
    server = await startTestServer({ kind: 'postgres', env: { METRICS_TOKEN } });
    const failedBefore = sample(await scrapeMetrics(server), 'payout_run_merchants_total', { outcome: 'failed' }) ?? 0;
    const admin = await signInAdmin(server);
    await merchantsOwing(server.db, 50);
    // The bank account of one merchant is refused, as a constraint the payout breaks would be.
    await server.db.execute(sql`
      create function refuse_merchant_7() returns trigger language plpgsql as $$
      begin
        if new.merchant_id = (select id from merchants where business_name = 'Merchant 00007') then
          raise exception 'the payout account of Merchant 00007 is refused';
        end if;
        return new;
      end $$`);
    await server.db.execute(sql`
      create trigger refuse_merchant_7 before insert on payouts for each row execute function refuse_merchant_7()`);
    await startPayoutRun(server.db, 'Asia/Dhaka', new Date());
    await workPayoutRuns(server.db, { worker: 'one' });
    const stuck = (await call<PayoutRun>(server, 'GET', '/api/admin/payouts/runs/current', { token: admin.token })).body;
    expect(stuck).toMatchObject({ state: 'running', merchants: 50, settled: 49, payouts: 49, failed: 1 });
    // Tried on the first pass and again on the retry pass of the same look.
    expect(stuck.failures).toEqual([
      {
        merchant: { id: expect.any(String), businessName: 'Merchant 00007' },
        error: expect.stringContaining('the payout account of Merchant 00007 is refused'),
        attempts: 2,
        failedAt: expect.any(String),
      },
    ]);

    // An operator sees it too: the run unfinished, its failed merchant, and the failures counted.
    const stuckMetrics = await scrapeMetrics(server);
    expect(sample(stuckMetrics, 'payout_run_unfinished_seconds')).toBeGreaterThan(0);
    expect(sample(stuckMetrics, 'payout_run_merchants', { of: 'failed' })).toBe(1);
    expect(sample(stuckMetrics, 'payout_run_merchants', { of: 'settled' })).toBe(49);
    expect(sample(stuckMetrics, 'payout_run_merchants_total', { outcome: 'failed' })).toBe(failedBefore + 2);

    await server.db.execute(sql`drop trigger refuse_merchant_7 on payouts`);
    await workPayoutRuns(server.db, { worker: 'one' });
    const done = (await call<PayoutRun>(server, 'GET', '/api/admin/payouts/runs/current', { token: admin.token })).body;
    expect(done).toMatchObject({ state: 'done', settled: 50, payouts: 50, failed: 0, failures: [] });
    expect(sample(await scrapeMetrics(server), 'payout_run_unfinished_seconds')).toBe(0);
    expect(await paidOnceEach(server.db, done)).toMatchObject({ unsettled: 0, payouts: 50, mismatched: 0 });
  });

  it('two workers at once do not pay anyone twice, even when one takes over the other’s lease', {
    timeout: 300_000,
  }, async () => {
    server = await startTestServer({ kind: 'postgres' });
    const { db } = server;
    await merchantsOwing(db, 100);
    const run = await startPayoutRun(db, 'Asia/Dhaka', new Date());
    // A second instance: a pool and race points of its own on the same database.
    const other = openDatabase({ kind: 'postgres', url: server.database.url ?? '' });
    try {
      // The first worker is held before committing its first payout; the second looks meanwhile.
      const held = holdAt(server.db, 'payout created');
      const first = workPayoutRuns(server.db, { worker: 'one' });
      await held.reached;
      expect(await workPayoutRuns(other.db, { worker: 'two' })).toEqual([]);
      // A second worker that takes the first for gone (a lease of nothing) waits for the held payout,
      // then takes the run over: the first finds its lease gone at its next merchant and stops.
      const second = workPayoutRuns(other.db, { worker: 'two', leaseMs: 0 });
      const waitingForTheRun = async () =>
        (
          await rowsOf<{ waiting: number }>(
            db,
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]?.waiting === 1;
      expect(await holdsWithin(10_000, waitingForTheRun)).toBe(true);
      held.release();
      expect((await Promise.all([first, second])).flat()).toEqual([run.day, run.day]);
      expect(await readPayoutRun(server.db)).toMatchObject({ state: 'done', settled: 100, payouts: 100, failed: 0 });
      expect(await paidOnceEach(server.db, run)).toMatchObject({ unsettled: 0, payouts: 100, merchants: 100, mismatched: 0 });
    } finally {
      await other.close();
    }
  });
});
