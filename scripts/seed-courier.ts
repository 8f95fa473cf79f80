// npm run seed:courier -- --parcels 1000000 [--days 90] [--merchants n] [--heavy-merchant-lines 100000] [--database-url postgres://…]
// Fills an empty PostgreSQL database with a national courier's volume (issue 40; decision 0114): merchants,
// riders, parcels with their events, ledger lines, payouts and pickups, by set-based SQL. It migrates the
// database first, refuses one that already holds parcels, and prints the accounts to sign in with.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { KNOWN_EMAILS, SEED_DELIVERY_CODE, SEED_PASSWORD } from './courier-volume/accounts.ts';
import { generateCourierVolume } from './courier-volume/generate.ts';
import { volumeShape } from './courier-volume/shape.ts';

const USAGE = `Usage: npm run seed:courier -- --parcels <n> [--days 90] [--merchants <n>] [--heavy-merchant-lines <n>] [--database-url <postgres url>]
  Fills an empty PostgreSQL database (DATABASE_URL, or --database-url) with a courier's volume: 1 to 5,000,000 parcels.`;

const TABLES = [
  'user',
  'account',
  'merchants',
  'consignments',
  'consignment_events',
  'merchant_ledger',
  'payouts',
  'payout_runs',
  'cash_handins',
  'pickups',
  'api_keys',
];

function readOptions() {
  const { values } = parseArgs({
    options: {
      parcels: { type: 'string' },
      days: { type: 'string', default: '90' },
      merchants: { type: 'string' },
      'heavy-merchant-lines': { type: 'string', default: '0' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const parcels = Number(values.parcels);
  const days = Number(values.days);
  const heavyMerchantLines = Number(values['heavy-merchant-lines']);
  const merchants = values.merchants === undefined ? undefined : Number(values.merchants);
  const url = values['database-url'] ?? process.env.DATABASE_URL ?? '';
  if (values.help || !Number.isInteger(parcels) || parcels < 1 || parcels > 5_000_000) return { problem: USAGE };
  if (!Number.isInteger(days) || days < 1 || days > 400) return { problem: '--days must be a whole number of days, 1 to 400.' };
  if (!Number.isInteger(heavyMerchantLines) || heavyMerchantLines < 0)
    return { problem: '--heavy-merchant-lines must be a whole number, 0 or more.' };
  // A small database with as many merchants as one admin page shows measures that page like for like (issue 40).
  if (merchants !== undefined && (!Number.isInteger(merchants) || merchants < 10 || merchants > 20_000))
    return { problem: '--merchants must be a whole number, 10 to 20,000.' };
  if (!/^postgres(ql)?:\/\//.test(url))
    return {
      problem:
        'seed:courier fills PostgreSQL only: set DATABASE_URL or --database-url to a postgres:// address. The embedded database (PGlite) would take hours and gigabytes of this process’s memory.',
    };
  return { parcels, days, heavyMerchantLines, merchants, url };
}

async function main(): Promise<number> {
  const options = readOptions();
  if ('problem' in options) {
    console.error(options.problem);
    return 2;
  }
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const database = openDatabase({ kind: 'postgres', url: options.url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM consignments) AS taken');
    if (rows[0]?.taken) {
      console.error('This database already holds parcels: seed:courier fills an empty one only (createdb a new one).');
      return 1;
    }
    const shape = volumeShape({ ...options, now: new Date() });
    console.log(
      `Generating ${shape.parcels} parcels over ${shape.days} days: ${shape.merchants} merchants, ${shape.customers} recipients, ${shape.riders} riders; ${shape.heavyMerchantLines} extra lines owed to the biggest merchant.`,
    );
    const generated = await generateCourierVolume(client, shape, (line) => console.log(`  ${line}   (${elapsed()} in all)`));
    const vacuumStarted = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(
      `  ${'VACUUM ANALYZE'.padEnd(44)} ${((performance.now() - vacuumStarted) / 1000).toFixed(1).padStart(6)} s   (${elapsed()} in all)`,
    );
    const size = await client.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
    console.log(`\nDatabase size: ${size.rows[0]?.size}. Rows:`);
    for (const table of TABLES) {
      const counted = await client.query<{ rows: string }>(`SELECT count(*) AS rows FROM "${table}"`);
      console.log(`  ${table.padEnd(20)} ${Number(counted.rows[0]?.rows).toLocaleString('en').padStart(12)}`);
    }
    console.log(`\nSign in with password "${SEED_PASSWORD}" as:`);
    for (const [role, email] of Object.entries(KNOWN_EMAILS)) console.log(`  ${role.padEnd(9)} ${email}`);
    console.log(`The biggest merchant's API key: ${generated.apiKey}`);
    console.log(`Parcels out for delivery take the delivery code ${SEED_DELIVERY_CODE}. ${generated.payouts} payouts made.`);
    console.log(`Done in ${elapsed()}.`);
    return 0;
  } finally {
    await client.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
