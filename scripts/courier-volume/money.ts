// The generator's money: COD ledger lines, the Tuesdays' payouts that settled them, and an API key (decision 0114).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashApiKey } from '#server/modules/merchant-api/api-keys.ts';
import { PAYOUT_HOUR } from '#server/modules/merchants/payout-run.ts';
import { DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { KNOWN_EMAILS } from './accounts.ts';
import type { VolumeShape } from './shape.ts';

/** What a merchant's returned parcel costs as a share of its fee: the shop's default RETURN_CHARGE_PERCENT. */
const RETURN_CHARGE_PERCENT = 100;
const ZONE = `'${DEFAULT_TIME_ZONE}'`;

/**
 * Temp table `seed_lines`: the lines each ended parcel books, as ledgerLinesFor says (merchants/ledger.ts):
 * a delivery credits the cash collected and, when the fees come out of it, debits the delivery fee and
 * the COD fee; a return debits the return charge. Then `heavyLines` corrections for the biggest merchant
 * since the last Tuesday, still owed (`--heavy-merchant-lines`).
 */
export async function planLedgerLines(client: pg.Client, shape: VolumeShape, lastCutoff: string): Promise<void> {
  await client.query(`
    CREATE TEMP TABLE seed_lines AS
    SELECT p.merchant_id, p.id AS consignment_id, l.kind, l.amount, NULL::text AS note, p.status_changed_at AS created_at, NULL::uuid AS payout_id
    FROM seed_plan p
    JOIN consignments c ON c.id = p.id
    CROSS JOIN LATERAL (VALUES
      ('cod_collected', coalesce(c.cod_collected, 0), c.status IN ('delivered', 'partially_delivered')),
      ('delivery_fee', -c.delivery_fee, c.status IN ('delivered', 'partially_delivered') AND c.fee_payment = 'cod'),
      ('cod_fee', -c.cod_fee, c.status IN ('delivered', 'partially_delivered') AND c.fee_payment = 'cod'),
      ('return_charge', -round(c.delivery_fee * ${RETURN_CHARGE_PERCENT} / 100.0)::int, c.status = 'returned')
    ) AS l(kind, amount, applies)
    WHERE l.applies AND l.amount <> 0`);
  if (shape.heavyMerchantLines > 0)
    await client.query(`
      INSERT INTO seed_lines
      SELECT m.merchant_id, NULL, 'correction', 5000, 'Adjustment ' || g,
             ${lastCutoff} + (${shape.sql.now} - ${lastCutoff}) * ((g - 0.5) / ${shape.heavyMerchantLines}), NULL
      FROM seed_merchants m CROSS JOIN generate_series(1, ${shape.heavyMerchantLines}) AS g
      WHERE m.n = 1`);
}

/** Each Tuesday's payout cut-off in the window (PAYOUT_HOUR, shop time), oldest first, as SQL literals. */
export async function tuesdayCutoffs(client: pg.Client, shape: VolumeShape): Promise<string[]> {
  const { rows } = await client.query<{ cutoff: Date }>(`
    SELECT (day + interval '${PAYOUT_HOUR} hours') AT TIME ZONE ${ZONE} AS cutoff
    FROM generate_series((${shape.sql.start} AT TIME ZONE ${ZONE})::date, (${shape.sql.now} AT TIME ZONE ${ZONE})::date, interval '1 day') AS day
    WHERE extract(dow FROM day) = 2
      AND (day + interval '${PAYOUT_HOUR} hours') AT TIME ZONE ${ZONE} BETWEEN ${shape.sql.start} AND ${shape.sql.now}
    ORDER BY 1`);
  return rows.map((row) => `'${row.cutoff.toISOString()}'::timestamptz`);
}

/**
 * Each Tuesday's run as the app makes it (issue 30): per merchant, the lines still owed from before the
 * cut-off, when they add up to more than nothing, become one payout (a negative balance waits for the
 * next Tuesday); paid the next day with a transfer reference, except a run younger than a day. The run
 * is recorded in `payout_runs`, so the app does not make that Tuesday's again.
 */
export async function payOutTuesdays(client: pg.Client, shape: VolumeShape, cutoffs: string[]): Promise<number> {
  let made = 0;
  for (const cutoff of cutoffs) {
    const paid = `${cutoff} + interval '1 day' <= ${shape.sql.now}`;
    const { rowCount } = await client.query(`
      INSERT INTO payouts (merchant_id, amount, lines, cutoff, created_at, paid_at, reference, paid_by)
      SELECT merchant_id, sum(amount), count(*), ${cutoff}, ${cutoff} + interval '2 minutes',
             CASE WHEN ${paid} THEN ${cutoff} + interval '1 day' END,
             CASE WHEN ${paid} THEN 'BEFTN-' || to_char(${cutoff}, 'YYYYMMDD') || '-' || left(merchant_id::text, 8) END,
             CASE WHEN ${paid} THEN '${KNOWN_EMAILS.admin}' END
      FROM seed_lines WHERE payout_id IS NULL AND created_at < ${cutoff}
      GROUP BY merchant_id HAVING sum(amount) > 0 ORDER BY merchant_id`);
    await client.query(`
      UPDATE seed_lines l SET payout_id = p.id FROM payouts p
      WHERE p.cutoff = ${cutoff} AND p.merchant_id = l.merchant_id AND l.payout_id IS NULL AND l.created_at < ${cutoff}`);
    await client.query(`
      INSERT INTO payout_runs (day, cutoff, started_at, started_by, payouts, state, merchants, settled, finished_at)
      VALUES (to_char(${cutoff} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD'), ${cutoff}, ${cutoff}, 'seed:courier', ${rowCount ?? 0},
        'done', ${rowCount ?? 0}, ${rowCount ?? 0}, ${cutoff} + interval '2 minutes')`);
    made += rowCount ?? 0;
  }
  return made;
}

/** The ledger itself, oldest line first so its ids grow with time as the app's do. */
export async function insertLedger(client: pg.Client): Promise<void> {
  await client.query(`
    INSERT INTO merchant_ledger (merchant_id, consignment_id, kind, amount, note, created_at, payout_id)
    SELECT merchant_id, consignment_id, kind, amount, note, created_at, payout_id FROM seed_lines ORDER BY created_at, consignment_id, kind`);
}

/** An API key of the biggest merchant, for the bench's API bookings: returned once, kept hashed (decision 0068). */
export async function issueApiKey(client: pg.Client): Promise<string> {
  const key = `sk_${randomBytes(32).toString('base64url')}`;
  await client.query(
    `INSERT INTO api_keys (merchant_id, name, prefix, hash) SELECT merchant_id, 'Bench', $1, $2 FROM seed_merchants WHERE n = 1`,
    [`${key.slice(0, 7)}…`, hashApiKey(key)],
  );
  return key;
}
