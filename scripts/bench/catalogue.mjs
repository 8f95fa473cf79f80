// node scripts/bench/catalogue.mjs [count]: the catalogue's search (GET /api/products) at a real shop's
// size. Seeds <count> products (10,000 by default) with `npm run seed:bulk` into a fresh PGlite DATA_DIR,
// and into a fresh database on the PostgreSQL server BENCH_DATABASE_URL names (on 127.0.0.1) when set,
// starts the shop on each and measures two loads with autocannon: the same few searches over and over
// (answered from the public-reads cache after the first time) and a different search on every request
// (each one a miss, so each one a query on the database), the latter also one request at a time. The
// numbers are a report, never a test.
//   BENCH_SECONDS (5) per load · BENCH_CONNECTIONS (10)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startShop } from './shop.mjs';

const COUNT = Number(process.argv[2] || 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
if (benchDatabaseUrl && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(benchDatabaseUrl).hostname)) {
  console.error(
    'BENCH_DATABASE_URL must name a PostgreSQL server on this machine (127.0.0.1): the benchmark creates a database there.',
  );
  process.exit(2);
}

/** Searches a shopper makes: typed words (some misspelt), filters, orders and later pages; no maxPrice, which the misses add. */
const SEARCHES = [
  '',
  'q=laptop',
  'q=labtop',
  'q=wireless%20mouse',
  'q=headphnes&inStock=true',
  'q=router&sort=price-asc',
  'sort=price-desc',
  'sort=name&page=40',
  'minPrice=100',
  'inStock=true&sort=price-asc&page=3',
  'q=ssd&minPrice=50',
  'q=ergonomic%20keyboard&sort=name',
];

async function measure(url, nextPath, connections = CONNECTIONS) {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

async function benchmark(label, { dataDir, databaseUrl }) {
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  execFileSync('npm', ['run', '--silent', 'seed:bulk', '--', String(COUNT)], { env, stdio: 'inherit' });
  const shop = await startShop({ dataDir, databaseUrl });
  try {
    let repeated = 0;
    let distinct = 0;
    await measure(shop.url, () => `/api/products?${SEARCHES[repeated++ % SEARCHES.length]}`);
    const cached = await measure(shop.url, () => `/api/products?${SEARCHES[repeated++ % SEARCHES.length]}`);
    // A price ceiling one cent apart makes every search new to the cache; the text and the page vary too.
    const newSearch = () => {
      distinct++;
      const search = SEARCHES[distinct % SEARCHES.length];
      return `/api/products?${search}${search ? '&' : ''}maxPrice=${((300_000 + distinct) / 100).toFixed(2)}`;
    };
    const uncached = await measure(shop.url, newSearch);
    const alone = await measure(shop.url, newSearch, 1);
    return [
      { database: label, load: `repeated searches (cache), ${CONNECTIONS} connections`, ...cached },
      { database: label, load: `a new search every request, ${CONNECTIONS} connections`, ...uncached },
      { database: label, load: 'a new search every request, 1 connection', ...alone },
    ];
  } finally {
    await shop.stop();
  }
}

const rows = [];
const dataDir = mkdtempSync(join(tmpdir(), 'catalogue-bench-'));
try {
  rows.push(...(await benchmark('PGlite', { dataDir: join(dataDir, 'pglite') })));
  if (benchDatabaseUrl) {
    const name = `catalogue_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: benchDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(benchDatabaseUrl);
    url.pathname = `/${name}`;
    try {
      rows.push(...(await benchmark('PostgreSQL', { dataDir: join(dataDir, 'postgres'), databaseUrl: url.toString() })));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nGET /api/products with ${COUNT.toLocaleString('en')} products, ${SECONDS} s each\n`);
console.log('| database | load | req/s | p50 ms | p99 ms | failed |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(`| ${row.database} | ${row.load} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.failed} |`);
}
