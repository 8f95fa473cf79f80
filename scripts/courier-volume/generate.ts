// The courier volume generator (issue 40): every table filled by set-based SQL in one transaction on one
// connection, so a failure leaves the database as it was. Its shape is decision 0114.
import { hashPassword } from 'better-auth/crypto';
import type pg from 'pg';
import { SEED_PASSWORD } from './accounts.ts';
import { createLookups } from './lookups.ts';
import { insertLedger, issueApiKey, payOutTuesdays, planLedgerLines, tuesdayCutoffs } from './money.ts';
import { insertCashHandins, insertConsignments, insertEvents, insertPickups, planParcels } from './parcels.ts';
import { createMerchants, createRecipients, createStaffAndMerchantUsers } from './people.ts';
import type { VolumeShape } from './shape.ts';

/** What the generator hands back: the biggest merchant's API key, shown only here. */
export interface Generated {
  apiKey: string;
  payouts: number;
}

/**
 * `pg_temp.rnd(n, salt)`: a number in [0, 1) fixed by n and salt, so the same options make the same
 * database (a hash, not random(): each column draws from its own salt, independent of plan order).
 */
const RANDOM_FUNCTION = `CREATE FUNCTION pg_temp.rnd(n bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE AS $$
  SELECT ((hashint8extended(n, salt) >> 11) & 9007199254740991)::float8 / 9007199254740992
$$`;

export async function generateCourierVolume(
  client: pg.Client,
  shape: VolumeShape,
  progress: (step: string) => void = () => {},
): Promise<Generated> {
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    progress(`${step.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    return result;
  };
  // Temp buffers must be set before the session's first temp table; the rest only speeds up the big sorts.
  await client.query("SET temp_buffers = '512MB'");
  await client.query("SET work_mem = '512MB'");
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query('SET synchronous_commit = off');
  await client.query('BEGIN');
  try {
    await client.query(RANDOM_FUNCTION);
    const lookups = await timed('areas, zones, prices, tracking codes', () => createLookups(client));
    const passwordHash = await hashPassword(SEED_PASSWORD);
    await timed('users and accounts', () => createStaffAndMerchantUsers(client, shape, passwordHash));
    await timed('merchants', () => createMerchants(client, shape, lookups));
    await timed('recipients (temporary)', () => createRecipients(client, shape, lookups));
    await timed('parcel plans (temporary)', () => planParcels(client, shape));
    // The window's months get their partitions first (decision 0129): otherwise every row lands in the
    // default partitions and the app's first start moves them all.
    await timed('month partitions', () =>
      client.query(
        `SELECT history_month_partitions((${shape.sql.start} AT TIME ZONE 'UTC')::date, (${shape.sql.now} AT TIME ZONE 'UTC')::date)`,
      ),
    );
    await timed('consignments', () => insertConsignments(client, shape));
    await timed('consignment_events', () => insertEvents(client));
    await timed('cash_handins', () => insertCashHandins(client));
    await timed('pickups', () => insertPickups(client));
    const cutoffs = await tuesdayCutoffs(client, shape);
    await timed('ledger lines (temporary)', () => planLedgerLines(client, shape, cutoffs.at(-1) ?? shape.sql.start));
    const payouts = await timed(`payouts (${cutoffs.length} Tuesdays)`, () => payOutTuesdays(client, shape, cutoffs));
    await timed('merchant_ledger', () => insertLedger(client));
    const apiKey = await issueApiKey(client);
    await timed('commit', () => client.query('COMMIT'));
    return { apiKey, payouts };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
