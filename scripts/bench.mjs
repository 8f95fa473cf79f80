// npm run bench: how close the shop's public reads and order creation come to what the machine can do.
// Starts the app (NODE_ENV=production, a fresh temporary DATA_DIR) on PGlite, and on PostgreSQL too when
// BENCH_DATABASE_URL names a scratch database on this machine; measures each public read against a bare
// node:http server sending the same bytes, and order creation against a bare `pg` script running the same
// transaction; then loads PGlite with a stream of reads and watches its memory. Everything stays on
// 127.0.0.1. The numbers are a report, never a test: they move with whatever else the machine runs.
// Each route is measured in rounds that alternate the app and its limit, and the medians are reported:
// the load other programs put on the machine changes from one second to the next.
//   BENCH_SECONDS (2) per measurement · BENCH_ROUNDS (3) · BENCH_SOAK_REQUESTS (200000)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { onInterrupt } from './bench/interrupt.mjs';
import {
  approvedMerchant,
  BENCH_ADMIN,
  batchBook,
  bookParcels,
  bulkBook,
  prepareShop,
  rssMegabytes,
  scanParcels,
  startShop,
  trackedParcel,
} from './bench/shop.mjs';

const USAGE = `Usage: npm run bench

Measures the shop's public reads, order creation, a hub's scan and a merchant's bulk booking and API
batch against a bare server and a bare database script, on PGlite, and on PostgreSQL too when
BENCH_DATABASE_URL is set; prints a Markdown report (docs/performance.md). Takes about three minutes;
Ctrl-C stops it and the servers it started.

Environment:
  BENCH_DATABASE_URL   a scratch PostgreSQL database on 127.0.0.1 (the benchmark writes to it)
  BENCH_SECONDS        seconds per measurement (2)
  BENCH_ROUNDS         rounds per route, alternating the app and its limit (3)
  BENCH_SOAK_REQUESTS  reads sent to PGlite while its memory is watched (200000)
`;
const [argument] = process.argv.slice(2);
if (argument === '--help' || argument === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (argument !== undefined) {
  console.error(`Unknown argument ${argument}.\n\n${USAGE}`);
  process.exit(2);
}

const SECONDS = Number(process.env.BENCH_SECONDS || 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SOAK_REQUESTS = Number(process.env.BENCH_SOAK_REQUESTS || 200_000);
/** A hub's scan of a truck-load (issue 29), and the longest its answer may take on PostgreSQL. */
const SCAN_CODES = 1000;
const SCAN_LIMIT_MS = 2000;
/** A merchant's largest bulk booking file (issue 30), and the longest its booking may take on PostgreSQL. */
const BULK_PARCELS = 5000;
const BULK_LIMIT_MS = 5000;
/** A merchant API batch at its largest (issue 41), and the longest its booking may take on PGlite. */
const BATCH_PARCELS = 500;
const BATCH_LIMIT_MS = 2000;
const CONNECTIONS = 50;
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
if (benchDatabaseUrl && !LOOPBACK.includes(new URL(benchDatabaseUrl).hostname)) {
  console.error('BENCH_DATABASE_URL must name a database on this machine (127.0.0.1): the benchmark writes to it.');
  process.exit(2);
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

/** Requests each server (by origin) answered so far: the memory figures say after how many. */
const answered = new Map();

/** One run: req/s, p99 in ms, and how many answers were not 2xx. */
async function load(options, seconds = SECONDS) {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  const origin = new URL(options.url).origin;
  answered.set(origin, (answered.get(origin) ?? 0) + result.requests.total);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/**
 * The app and its limit, each warmed up for a second, then measured in alternating rounds; medians of
 * the rounds, and the median of each round's ratio.
 */
async function compare(app, limit) {
  await app(1);
  await limit?.(1);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push({ app: await app(), limit: await limit?.() });
  const summary = (side) => ({
    requestsPerSecond: median(rounds.map((run) => run[side].requestsPerSecond)),
    p99: median(rounds.map((run) => run[side].p99)),
    failed: rounds.reduce((sum, run) => sum + run[side].failed, 0),
  });
  return {
    app: summary('app'),
    limit: limit ? summary('limit') : undefined,
    ratio: limit ? median(rounds.map((run) => run.app.requestsPerSecond / run.limit.requestsPerSecond)) : undefined,
  };
}

/** Headers node:http writes itself, for the bare server as for the app. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The bytes the app answers a browser-less client with, its headers included (the security headers, the
 * ETag, the total count): what the bare server will send, so both put the same bytes on the wire.
 */
async function captureAnswers(shop, paths) {
  const answers = {};
  for (const path of paths) {
    const response = await fetch(`${shop.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const headers = {};
    for (const [name, value] of response.headers) if (!NODE_HEADERS.has(name)) headers[name] = value;
    answers[path] = { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  return answers;
}

function startChild(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(
    onInterrupt(async () => {
      child.kill('SIGTERM');
      await exited;
    }),
  );
  return { child, exited, output: () => output };
}

async function startBareServer(answers, directory) {
  const file = join(directory, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const bare = startChild('scripts/bench/bare-http.mjs', [file]);
  while (!bare.output().includes('\n')) {
    if (bare.child.exitCode !== null) throw new Error('the bare server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${bare.output().trim()}`,
    async stop() {
      bare.child.kill('SIGTERM');
      await bare.exited;
    },
  };
}

async function bareOrders(databaseUrl, productId, userIds, seconds = SECONDS) {
  const run = startChild('scripts/bench/bare-orders.mjs', [
    databaseUrl,
    productId,
    userIds.join(','),
    String(CONNECTIONS),
    String(seconds),
  ]);
  if ((await run.exited) !== 0) throw new Error('the bare order script failed');
  return { ...JSON.parse(run.output()), failed: 0 };
}

async function benchDatabase(label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const forgetDataDir = onInterrupt(removeDataDir);
  const rows = [];
  const memory = {};
  const scans = [];
  const bulk = [];
  const batches = [];
  const shop = await startShop({ dataDir, databaseUrl });
  try {
    const { productId, customers, adminToken } = await prepareShop(shop, CONNECTIONS);
    // A parcel's public tracking (issue 29), scanned to its delivery hub: kept in memory like the quote.
    const trackingCode = await trackedParcel(shop, BENCH_ADMIN, customers[0].token);
    const [someProduct] = await (await fetch(`${shop.url}/api/home`)).json();
    // The public JSON reads first (the soak below mixes them), then the home page's HTML.
    // A parcel's quote (issue 28) is priced at each request from the rate card kept in memory.
    const quote = '/api/quote?from=dhaka-gulshan&to=sylhet-sylhet-sadar&weightGrams=1500&codAmount=120000';
    const reads = [
      '/api/home',
      `/api/purchase/${someProduct._id}`,
      '/api/review',
      '/api/products',
      quote,
      `/api/track/${trackingCode}`,
      '/',
    ];
    memory.start = rssMegabytes(shop.pid);

    const bare = await startBareServer(await captureAnswers(shop, reads), dataDir);
    const answeredBefore = answered.get(shop.url) ?? 0;
    try {
      for (const path of reads) {
        const result = await compare(
          (seconds) => load({ url: `${shop.url}${path}` }, seconds),
          (seconds) => load({ url: `${bare.url}${path}` }, seconds),
        );
        rows.push({
          route: `GET ${path.replace(someProduct._id, '{id}').replace(trackingCode, '{code}').split('?')[0]}`,
          ...result,
        });
        console.error(
          `  ${label} GET ${path}: ${Math.round(result.app.requestsPerSecond)} req/s, ratio ${result.ratio?.toFixed(2)}`,
        );
      }
    } finally {
      await bare.stop();
    }
    memory.readsAnswered = (answered.get(shop.url) ?? 0) - answeredBefore;
    memory.afterReads = rssMegabytes(shop.pid);

    // The orders are spread over as many customers as there are connections, in turn, as shoppers' are:
    // one customer's own orders take turns (R-HOLD), so a single customer would measure only that queue.
    let nextCustomer = 0;
    const orders = await compare(
      (seconds) =>
        load(
          {
            url: shop.url,
            requests: [
              {
                method: 'POST',
                path: '/api/orders',
                setupRequest(request) {
                  const { token } = customers[nextCustomer++ % customers.length];
                  return {
                    ...request,
                    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                    body: JSON.stringify({ productId, quantity: 1 }),
                  };
                },
              },
            ],
          },
          seconds,
        ),
      databaseUrl &&
        ((seconds) =>
          bareOrders(
            databaseUrl,
            productId,
            customers.map((customer) => customer.userId),
            seconds,
          )),
    );
    rows.push({ route: 'POST /api/orders', ...orders });
    memory.afterRuns = rssMegabytes(shop.pid);

    // A hub's truck-load scanned at once (issue 29): the answer's time for SCAN_CODES codes, each moved in its own transaction.
    await approvedMerchant(shop, adminToken, customers[1].token);
    const codes = await bookParcels(shop, customers[1].token, SCAN_CODES);
    for (const [status, hub] of [['picked_up'], ['at_hub', 'dhaka'], ['in_transit', 'dhaka']]) {
      const started = performance.now();
      const results = await scanParcels(shop, adminToken, codes, status, hub);
      const ms = performance.now() - started;
      const moved = results.filter((result) => result.moved).length;
      if (moved !== SCAN_CODES) throw new Error(`the scan to ${status} moved ${moved} of ${SCAN_CODES} parcels`);
      scans.push(Math.round(ms));
      console.error(`  ${label} POST /api/ops/scans, ${SCAN_CODES} codes to ${status}: ${Math.round(ms)} ms`);
    }

    // A merchant's spreadsheet booked at once (issue 30): three files of BULK_PARCELS parcels, each one transaction.
    for (let file = 0; file < 3; file++) {
      const ms = await bulkBook(shop, adminToken, customers[2 + file], BULK_PARCELS);
      bulk.push(Math.round(ms));
      console.error(`  ${label} POST /api/merchant/bulk-bookings, ${BULK_PARCELS} parcels: ${Math.round(ms)} ms`);
    }

    // The same through the merchant API (issue 41): three batches of BATCH_PARCELS parcels, each one call and one transaction.
    for (let batch = 0; batch < 3; batch++) {
      const ms = await batchBook(shop, adminToken, customers[5 + batch], BATCH_PARCELS);
      batches.push(Math.round(ms));
      console.error(`  ${label} POST /api/v1/consignments/batch, ${BATCH_PARCELS} parcels: ${Math.round(ms)} ms`);
    }

    if (!databaseUrl) {
      // The reads in turn, as browsers would mix them; memory half-way and at the end.
      const requests = reads.slice(0, -1).map((path) => ({ method: 'GET', path }));
      const half = Math.round(SOAK_REQUESTS / 2);
      await autocannon({ url: shop.url, connections: CONNECTIONS, amount: half, requests });
      memory.soakHalfway = rssMegabytes(shop.pid);
      await autocannon({ url: shop.url, connections: CONNECTIONS, amount: half, requests });
      memory.soakEnd = rssMegabytes(shop.pid);
    }
  } finally {
    await shop.stop();
    forgetDataDir();
    removeDataDir();
  }
  return { label, rows, memory, scans, bulk, batches };
}

const number = (value) => (value === undefined ? '—' : Math.round(value).toLocaleString('en-US'));

function report({ label, rows, memory, scans, bulk, batches }) {
  const lines = [
    `### ${label}`,
    '',
    '| route | app req/s | limit req/s | ratio | app p99 | limit p99 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { route, app, limit, ratio: measured } of rows) {
    const ratio = measured === undefined ? '—' : measured.toFixed(2);
    const failed = app.failed ? ` (${app.failed} not 2xx)` : '';
    lines.push(
      `| ${route} | ${number(app.requestsPerSecond)}${failed} | ${number(limit?.requestsPerSecond)} | ${ratio} | ${app.p99} ms | ${limit ? `${Math.round(limit.p99)} ms` : '—'} |`,
    );
  }
  lines.push(
    '',
    `POST /api/ops/scans with ${number(SCAN_CODES)} codes (each its own transaction): ${scans.map((ms) => `${number(ms)} ms`).join(', ')} (limit ${number(SCAN_LIMIT_MS)} ms on PostgreSQL)`,
    '',
    `POST /api/merchant/bulk-bookings with a file of ${number(BULK_PARCELS)} parcels (one transaction): ${bulk.map((ms) => `${number(ms)} ms`).join(', ')} (limit ${number(BULK_LIMIT_MS)} ms on PostgreSQL)`,
    '',
    `POST /api/v1/consignments/batch with ${number(BATCH_PARCELS)} parcels (one transaction): ${batches.map((ms) => `${number(ms)} ms`).join(', ')} (limit ${number(BATCH_LIMIT_MS)} ms on PGlite)`,
    '',
    `RSS: ${memory.start} MB after start, ${memory.afterReads} MB after the reads (${number(memory.readsAnswered)} requests), ${memory.afterRuns} MB after the orders`,
  );
  if (memory.soakEnd !== undefined) {
    lines.push(
      `RSS soak (${number(SOAK_REQUESTS)} reads): ${memory.soakHalfway} MB half-way, ${memory.soakEnd} MB at the end (${memory.soakEnd - memory.soakHalfway >= 0 ? '+' : ''}${memory.soakEnd - memory.soakHalfway} MB in the second half)`,
    );
  }
  return lines.join('\n');
}

execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ${CONNECTIONS} connections, medians of ${ROUNDS} rounds of ${SECONDS} s`;
console.error(`Benchmarking on ${machine}…`);
const results = [await benchDatabase('PGlite (embedded)', undefined)];
if (benchDatabaseUrl) results.push(await benchDatabase('PostgreSQL', benchDatabaseUrl));
else console.error('BENCH_DATABASE_URL is not set: PostgreSQL is not measured.');
console.log(`\n${machine}\n\n${results.map(report).join('\n\n')}`);
