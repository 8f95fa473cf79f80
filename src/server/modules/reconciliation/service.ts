import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  RECONCILIATION_CHECKS,
  RECONCILIATION_DIFFERENCES_SHOWN,
  RECONCILIATION_REASONS,
  type ReconciliationCheck,
  type ReconciliationReport,
} from '#shared/reconciliation.ts';
import { dayAfter, shopClock } from '../rates/working-days.ts';

/**
 * Everything the day's report compares, one row each (decision 181): `expected` is the ledger's (or
 * the books') side and `actual` the money's, for the row's own difference; `in_expected` and
 * `in_actual` are what the row adds to its check's totals. A hand-in adds the cash counted, a parcel
 * handed in that day its ledger credit, so the cash closes when the ledger credits what was counted.
 */
function itemsOf(day: string, timeZone: string): SQL {
  return sql`
    with bounds as (
      select (${day}::date)::timestamp at time zone ${timeZone} as from_at,
             (${dayAfter(day, 1)}::date)::timestamp at time zone ${timeZone} as to_at
    ),
    items as (
      select 'cash' as check_name, null::text as provider,
        coalesce(u.email, 'rider') || ' ' || to_char(h.created_at at time zone ${timeZone}, 'HH24:MI') as subject,
        'handinCounted' as reason, h.collected::bigint as expected, h.counted::bigint as actual,
        0::bigint as in_expected, h.counted::bigint as in_actual
      from cash_handins h left join "user" u on u.id = h.rider_id, bounds b
      where h.created_at >= b.from_at and h.created_at < b.to_at
      union all
      select 'cash', null, c.tracking_code, 'parcelLedger',
        coalesce(credit.amount, 0), c.cod_collected::bigint, coalesce(credit.amount, 0), 0
      from consignments c
        cross join lateral (
          select sum(l.amount)::bigint as amount from merchant_ledger l
          where l.consignment_id = c.id and l.kind = 'cod_collected'
        ) credit, bounds b
      where c.cod_handed_in_at >= b.from_at and c.cod_handed_in_at < b.to_at and not c.test
      union all
      select 'payments', i.provider, coalesce('SC-' || o.number, c.tracking_code, i.id), 'paymentBooked',
        (case when o.id is not null then (case when o.paid then o.price_cents else 0 end)
              when c.fee_paid_at is not null then c.total else 0 end)::bigint,
        i.amount_cents::bigint,
        (case when o.id is not null then (case when o.paid then o.price_cents else 0 end)
              when c.fee_paid_at is not null then c.total else 0 end)::bigint,
        i.amount_cents::bigint
      from payment_intents i
        left join orders o on o.id = i.order_id
        left join consignments c on c.id = i.consignment_id, bounds b
      where i.status in ('succeeded', 'refunded')
        and coalesce(o.paid_at, c.fee_paid_at, i.updated_at) >= b.from_at
        and coalesce(o.paid_at, c.fee_paid_at, i.updated_at) < b.to_at
      union all
      select 'payouts', null, 'PO-' || p.number, 'payoutLines', settled.amount, p.amount, settled.amount, p.amount
      from payouts p
        cross join lateral (
          select coalesce(sum(l.amount), 0)::bigint as amount from merchant_ledger l where l.payout_id = p.id
        ) settled, bounds b
      where p.paid_at >= b.from_at and p.paid_at < b.to_at
      union all
      select 'payouts', null, 'PO-' || p.number, 'payoutReturned', p.amount, returned.amount, p.amount, returned.amount
      from payouts p
        cross join lateral (
          select coalesce(sum(l.amount), 0)::bigint as amount from merchant_ledger l where l.returns_payout_id = p.id
        ) returned, bounds b
      where p.failed_at >= b.from_at and p.failed_at < b.to_at
    )`;
}

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The last whole day in the shop's time zone: the report's day when none is asked. */
export function yesterday(timeZone: string, now = new Date()): string {
  return dayAfter(shopClock(now, timeZone).day, -1);
}

/**
 * The day's reconciliation (R-RECONCILIATION): each check's totals (payments per provider) and every
 * difference, largest first, the first RECONCILIATION_DIFFERENCES_SHOWN of them. Read-only; three reads
 * of one day's rows, each through an index on its day or its payout.
 */
export async function reconcile(db: Database, day: string, timeZone: string): Promise<ReconciliationReport> {
  const items = itemsOf(day, timeZone);
  const sums = await rows<{ check_name: ReconciliationCheck; provider: string | null; expected: string; actual: string }>(
    db,
    sql`${items} select check_name, provider, sum(in_expected)::text as expected, sum(in_actual)::text as actual
      from items group by check_name, provider`,
  );
  const differences = await rows<{
    check_name: ReconciliationCheck;
    subject: string;
    reason: keyof typeof RECONCILIATION_REASONS;
    expected: string;
    actual: string;
  }>(
    db,
    sql`${items} select check_name, subject, reason, expected::text, actual::text from items
      where expected <> actual order by abs(actual - expected) desc, subject limit ${RECONCILIATION_DIFFERENCES_SHOWN}`,
  );
  const [counted] = await rows<{ count: number }>(
    db,
    sql`${items} select count(*)::int as count from items where expected <> actual`,
  );
  // Cash and payouts always have a total, 0 on a quiet day; payments one per provider that received any.
  const totals = [
    ...RECONCILIATION_CHECKS.filter((check) => check !== 'payments').map(
      (check) =>
        sums.find((sum) => sum.check_name === check) ?? { check_name: check, provider: null, expected: '0', actual: '0' },
    ),
    ...sums.filter((sum) => sum.check_name === 'payments'),
  ].map((sum) => ({
    check: sum.check_name,
    provider: sum.provider,
    expected: Number(sum.expected),
    actual: Number(sum.actual),
    difference: Number(sum.actual) - Number(sum.expected),
  }));
  const differenceCount = counted?.count ?? 0;
  return {
    day,
    closes: differenceCount === 0 && totals.every((total) => total.difference === 0),
    totals,
    differences: differences.map((row) => ({
      check: row.check_name,
      subject: row.subject,
      reason: RECONCILIATION_REASONS[row.reason],
      expected: Number(row.expected),
      actual: Number(row.actual),
      difference: Number(row.actual) - Number(row.expected),
    })),
    differenceCount,
  };
}
