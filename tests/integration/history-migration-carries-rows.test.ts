import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '#server/db/client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
/** The last migration before history was partitioned (0024, decision 129). */
const BEFORE_PARTITIONS = '0023_sms_outbox_phone';

/** A value of each type for the columns a row must have and that have no default. */
const FILLER: Record<string, string> = {
  text: `'x'`,
  integer: '0',
  bigint: '0',
  boolean: 'false',
  uuid: 'gen_random_uuid()',
  jsonb: `'{}'::jsonb`,
  'timestamp with time zone': 'now()',
};

/**
 * Issue 40, decision 129: a database made before 0024 keeps every status event and ledger line through the
 * migrations that partition them by month (0024) and count and sum them (0028 parcels by status, 0029 what
 * merchants are owed): same ids, same months, each in its month's partition, ids going on after them.
 */
describe.skipIf(!serverUrl)('history made before partitioning is carried by the migrations (issue 40, decision 129)', () => {
  const name = `carried_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let database: pg.Client;
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    await admin?.query(`drop database if exists ${name}`);
    await admin?.end();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A row of `table` with `values`, every other required column filled by type. */
  async function insertRow(table: string, values: Record<string, string>): Promise<string> {
    const { rows } = await database.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
        where table_name = $1 and is_nullable = 'NO' and column_default is null and is_identity = 'NO'`,
      [table],
    );
    const columns = { ...Object.fromEntries(rows.map((row) => [row.column_name, FILLER[row.data_type] ?? `'x'`])), ...values };
    const { rows: made } = await database.query<{ id: string }>(
      `insert into "${table}" (${Object.keys(columns).map((column) => `"${column}"`)}) values (${Object.values(columns)}) returning id::text`,
    );
    return made[0]?.id ?? '';
  }

  it('keeps every event and ledger line, in its month, and their ids go on after them', async () => {
    // The migrations up to 0023 only: the database as it was before issue 40.
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8'));
    const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === BEFORE_PARTITIONS);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(database), { migrationsFolder: folder });

    const merchant = await insertRow('merchants', {
      status: `'approved'`,
      pickup_addresses: `'[{"name":"Asha","phone":"01711000000","address":"House 12, Road 5","areaId":"dhaka-gulshan"}]'`,
    });
    const parcel = await insertRow('consignments', {
      status: `'delivered'`,
      tracking_code: `'SCCARRIED001'`,
      hub: `'dhaka'`,
      weight_grams: '500',
      fee_payment: `'card'`,
    });
    const months = [`now() - interval '2 months'`, `now() - interval '1 month'`, 'now()'];
    for (const at of months) {
      await insertRow('consignment_events', { consignment_id: `'${parcel}'`, status: `'delivered'`, created_at: at });
      await insertRow('merchant_ledger', { merchant_id: `'${merchant}'`, kind: `'correction'`, amount: '12500', created_at: at });
    }
    const history = async (table: string) =>
      (
        await database.query<{ id: string; at: string; partition: string }>(
          `select id::text, created_at::text as at, tableoid::regclass::text as partition from ${table} order by id`,
        )
      ).rows;
    const eventsBefore = await history('consignment_events');
    const linesBefore = await history('merchant_ledger');
    expect(eventsBefore).toHaveLength(3);

    await migrate(drizzle(database), { migrationsFolder: MIGRATIONS_FOLDER });

    for (const [table, before] of [
      ['consignment_events', eventsBefore],
      ['merchant_ledger', linesBefore],
    ] as const) {
      const after = await history(table);
      expect(after.map(({ id, at }) => ({ id, at }))).toEqual(before.map(({ id, at }) => ({ id, at })));
      // Each row in its own month's partition, none left in the safety net.
      const { rows: monthsOf } = await database.query<{ month: string }>(
        `select to_char(created_at at time zone 'UTC', 'YYYY_MM') as month from ${table} order by id`,
      );
      expect(after.map(({ partition }) => partition)).toEqual(monthsOf.map(({ month }) => `${table}_${month}`));
    }
    const event = await insertRow('consignment_events', { consignment_id: `'${parcel}'`, status: `'delivered'` });
    expect(BigInt(event)).toBeGreaterThan(BigInt(eventsBefore.at(-1)?.id ?? '0'));
    const line = await insertRow('merchant_ledger', { merchant_id: `'${merchant}'`, kind: `'correction'`, amount: '500' });
    expect(BigInt(line)).toBeGreaterThan(BigInt(linesBefore.at(-1)?.id ?? '0'));

    // The counts and sums made from the carried rows (0028, 0029), and kept by their triggers since.
    const { rows: counted } = await database.query(
      `select status, hub, sum(parcels)::int as parcels from parcel_counts group by 1, 2`,
    );
    expect(counted).toEqual([{ status: 'delivered', hub: 'dhaka', parcels: 1 }]);
    const { rows: owed } = await database.query(`select sum(amount)::int as owed from merchant_balances where merchant_id = $1`, [
      merchant,
    ]);
    expect(owed).toEqual([{ owed: 3 * 12500 + 500 }]);
  });
});
