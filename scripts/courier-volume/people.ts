// The generator's people: staff (an admin, an operator per hub, riders), merchants with their Zipf-like
// sizes, and the recipients parcels go to. Every statement is set-based; see decision 0114.
import type pg from 'pg';
import { HUB_IDS } from '#shared/hubs.ts';
import { KNOWN_EMAILS } from './accounts.ts';
import type { Lookups } from './lookups.ts';
import type { VolumeShape } from './shape.ts';

const FIRST_NAMES = [
  'Rahim',
  'Karim',
  'Fatema',
  'Ayesha',
  'Nusrat',
  'Tanvir',
  'Sabbir',
  'Mitu',
  'Rafiq',
  'Shirin',
  'Jamal',
  'Farhana',
  'Imran',
  'Sumaiya',
  'Arif',
  'Nasrin',
  'Mahmud',
  'Roksana',
  'Sohel',
  'Tania',
];
const LAST_NAMES = [
  'Hossain',
  'Ahmed',
  'Islam',
  'Rahman',
  'Chowdhury',
  'Khan',
  'Akter',
  'Begum',
  'Uddin',
  'Sarkar',
  'Das',
  'Roy',
];
const SHOP_WORDS = ['Fashion', 'Gadgets', 'Books', 'Organics', 'Crafts', 'Beauty', 'Home', 'Kids', 'Sports', 'Tea'];

const textArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;
const nameOf = (n: string) =>
  `(${textArray(FIRST_NAMES)})[1 + ${n} % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + (${n} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;

/**
 * Users of every role, each with a password account (Better Auth's `credential` provider, one hash for
 * all: anyone may sign in as any generated person). Temp tables `seed_users`, `seed_operators`,
 * `seed_riders`, `seed_rider_counts` name them for the steps after.
 */
export async function createStaffAndMerchantUsers(client: pg.Client, shape: VolumeShape, passwordHash: string): Promise<void> {
  const hubs = textArray(HUB_IDS);
  await client.query(`
    CREATE TEMP TABLE seed_users AS
    SELECT gen_random_uuid()::text AS user_id, * FROM (
      SELECT 'admin' AS kind, 1 AS ord, NULL::text AS hub, '${KNOWN_EMAILS.admin}' AS email, 'Courier Admin' AS name, 'admin' AS role
      UNION ALL
      SELECT 'operator', h.ord::int, h.hub,
             CASE WHEN h.ord = 1 THEN '${KNOWN_EMAILS.operator}' ELSE 'operator.' || h.hub || '@courier.test' END,
             'Operator ' || h.hub, 'operator'
      FROM unnest(${hubs}) WITH ORDINALITY AS h(hub, ord)
      UNION ALL
      -- Every hub has riders; past the first round, every other rider is Dhaka's (about half the parcels go there).
      SELECT 'rider', g, CASE WHEN g <= ${HUB_IDS.length} OR g % 2 = 1 THEN (${hubs})[1 + (g - 1) % ${HUB_IDS.length}] ELSE 'dhaka' END,
             CASE WHEN g = 1 THEN '${KNOWN_EMAILS.rider}' ELSE 'rider' || lpad(g::text, 4, '0') || '@courier.test' END,
             ${nameOf('g')}, 'rider'
      FROM generate_series(1, ${shape.riders}) AS g
      UNION ALL
      SELECT 'merchant', g, NULL,
             CASE WHEN g = 1 THEN '${KNOWN_EMAILS.merchant}' ELSE 'merchant' || lpad(g::text, 4, '0') || '@courier.test' END,
             ${nameOf('(g * 7)')}, 'user'
      FROM generate_series(1, ${shape.merchants + shape.pendingMerchants + shape.refusedMerchants}) AS g
    ) AS people`);
  await client.query(`
    INSERT INTO "user" (id, name, email, email_verified, role, created_at, updated_at)
    SELECT user_id, name, email, true, role, ${shape.sql.start} - interval '200 days', ${shape.sql.start} - interval '200 days'
    FROM seed_users ORDER BY kind, ord`);
  await client.query(
    `INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
     SELECT gen_random_uuid()::text, user_id, 'credential', user_id, $1, ${shape.sql.start} - interval '200 days', ${shape.sql.start} - interval '200 days'
     FROM seed_users`,
    [passwordHash],
  );
  await client.query(`CREATE TEMP TABLE seed_operators AS SELECT hub, user_id FROM seed_users WHERE kind = 'operator'`);
  await client.query(`
    CREATE TEMP TABLE seed_riders AS
    SELECT hub, (row_number() OVER (PARTITION BY hub ORDER BY ord) - 1)::int AS ord, user_id FROM seed_users WHERE kind = 'rider'`);
  await client.query('CREATE UNIQUE INDEX ON seed_riders (hub, ord)');
  await client.query('CREATE TEMP TABLE seed_rider_counts AS SELECT hub, count(*)::int AS riders FROM seed_riders GROUP BY hub');
}

/**
 * Merchants (issue 40: skewed, a few very large): the n-th approved merchant's share of the parcels is
 * proportional to n^-0.75, so at 2,000 merchants the largest sends about 4 % (~43,000 of a million) and
 * the smallest ~140; the rounding's remainder goes to the largest. A few more applied and wait, or were
 * refused. Temp table `seed_merchants` keeps each one's parcels and the number of its first parcel.
 */
export async function createMerchants(client: pg.Client, shape: VolumeShape, lookups: Lookups): Promise<void> {
  const { merchants, pendingMerchants } = shape;
  await client.query(`
    CREATE TEMP TABLE seed_merchants AS
    WITH sized AS (
      SELECT u.ord AS n, u.user_id, gen_random_uuid() AS merchant_id,
             CASE WHEN u.ord <= ${merchants} THEN 'approved' WHEN u.ord <= ${merchants + pendingMerchants} THEN 'pending' ELSE 'refused' END AS status,
             CASE WHEN u.ord <= ${merchants} THEN floor(${shape.parcels} * power(u.ord, -0.75) / sum(power(u.ord, -0.75)) FILTER (WHERE u.ord <= ${merchants}) OVER ())::int ELSE 0 END AS share,
             s.area_id AS pickup_area
      FROM seed_users u
      JOIN seed_pickup_slots s ON s.slot = floor(pg_temp.rnd(u.ord, 31) * ${lookups.pickupSlots})::int
      WHERE u.kind = 'merchant'
    ), counted AS (
      SELECT *, share + CASE WHEN n = 1 THEN ${shape.parcels} - sum(share) OVER () ELSE 0 END AS parcels FROM sized
    )
    SELECT *, coalesce(sum(parcels) OVER (ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS first_parcel,
           (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || '''s ' || (${textArray(SHOP_WORDS)})[1 + (n / ${FIRST_NAMES.length}) % ${SHOP_WORDS.length}] || ' ' || n AS business_name,
           '019' || lpad(n::text, 8, '0') AS pickup_phone,
           'Shop ' || n || ', Road ' || (1 + n % 40) || ', Block ' || chr(65 + n % 8) AS pickup_address
    FROM counted ORDER BY n`);
  await client.query('CREATE UNIQUE INDEX ON seed_merchants (n)');
  await client.query(`
    INSERT INTO merchants (id, user_id, business_name, pickup_addresses, payout_method, status, refusal_reason, applied_at, decided_at, decided_by)
    SELECT merchant_id, user_id, business_name,
           jsonb_build_array(jsonb_build_object('name', business_name, 'phone', pickup_phone, 'address', pickup_address, 'areaId', pickup_area)),
           CASE WHEN n % 2 = 0
             THEN jsonb_build_object('kind', 'bank', 'bankName', 'Dutch-Bangla Bank', 'branch', 'Gulshan', 'accountName', business_name, 'accountNumber', lpad((n * 7919)::text, 13, '1'))
             ELSE jsonb_build_object('kind', 'wallet', 'wallet', (ARRAY['bkash','nagad','rocket'])[1 + n % 3], 'number', pickup_phone) END,
           status, CASE WHEN status = 'refused' THEN 'The trade licence could not be verified.' END,
           ${shape.sql.start} - (interval '1 day' * (30 + n % 300)),
           CASE WHEN status <> 'pending' THEN ${shape.sql.start} - (interval '1 day' * (29 + n % 300)) END,
           CASE WHEN status <> 'pending' THEN '${KNOWN_EMAILS.admin}' END
    FROM seed_merchants ORDER BY n`);
}

/** The recipients (issue 40: 50,000 customers): a name, a unique mobile number, an address and an area. */
export async function createRecipients(client: pg.Client, shape: VolumeShape, lookups: Lookups): Promise<void> {
  await client.query(`
    CREATE TEMP TABLE seed_customers AS
    SELECT g AS n, ${nameOf('g')} AS name,
           -- 7919 is prime to 10^8: every customer's eight digits differ.
           '01' || (3 + g % 7) || lpad(((g * 7919) % 100000000)::text, 8, '0') AS phone,
           'House ' || (1 + g % 120) || ', Road ' || (1 + (g / 120) % 30) AS address, s.area_id
    FROM generate_series(1, ${shape.customers}) AS g
    JOIN seed_recipient_slots s ON s.slot = floor(pg_temp.rnd(g, 21) * ${lookups.recipientSlots})::int`);
  await client.query('CREATE UNIQUE INDEX ON seed_customers (n)');
}
