// npm run bench:courier: every courier page and API at 1 and 10 connections on a small and a
// million-parcel database side by side (issue 40). Starts the production build (built first if stale)
// with the production heap limit against each database in turn, signs in as the generator's accounts,
// times each route with autocannon, watches the server's memory, and ends with a round of clients that
// give up after a second and retry on the heaviest routes. Prints a Markdown table (docs/performance.md).
// The numbers are a report, never a test: they move with whatever else the machine runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { courierRoutes } from './bench/courier-routes.mjs';
import { onInterrupt } from './bench/interrupt.mjs';
import { rssMegabytes, startShop } from './bench/shop.mjs';

const USAGE = `Usage: npm run bench:courier [-- --only <substring>]

Times every courier page and API at 1 and 10 connections against two PostgreSQL databases made by
seed:courier, small and large, and prints the table of docs/performance.md "A million parcels (issue 40)".
The bench writes to them (bookings, API keys): give it copies, never the originals. Give the small copy
full pages first (psql <its URL> -f scripts/courier-small-full-pages.sql), or its lists answer shorter pages
than the large one's and the ratio measures the page, not the history.

  --only <substring>   only the routes whose name contains it (case-insensitive)
  --help               this text

Environment:
  BENCH_SMALL_URL   postgres://postgres@127.0.0.1:5432/courier_small_bench
  BENCH_LARGE_URL   postgres://postgres@127.0.0.1:5432/courier_1m_bench
  BENCH_SECONDS     seconds per measurement (5)
  BENCH_PORT        the first of two ports for the servers (4110)
`;

const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const PORT = Number(process.env.BENCH_PORT || 4110);
const DATABASES = [
  { label: 'small', url: process.env.BENCH_SMALL_URL || 'postgres://postgres@127.0.0.1:5432/courier_small_bench' },
  { label: '1 M', url: process.env.BENCH_LARGE_URL || 'postgres://postgres@127.0.0.1:5432/courier_1m_bench' },
];
/** Issue 40's limits: p99 at one connection on the large database, and throughput kept at ten. */
const P99_LIMIT_MS = 100;
const RATIO_LIMIT = 0.5;
/** A single answer slower than this is not waited for: the route is reported as not answering. */
const TIMEOUT_SECONDS = 30;
/** The settings the bench's bookings, sign-ins and lookups would otherwise be throttled by, all from 127.0.0.1. */
const UNTHROTTLED = {
  SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
  TRACKING_LOOKUPS_PER_ADDRESS: '1000000',
  BOOKINGS_PER_CUSTOMER: '1000000',
  PARCELS_PER_SENDER_PER_DAY: '1000000',
  BOOKING_TEXTS_PER_NUMBER_PER_DAY: '1000000',
  API_REQUESTS_PER_MERCHANT: '1000000',
  RECIPIENT_RECORDS_PER_MERCHANT: '1000000',
};

/** The production bundle is rebuilt when anything it is made from changed after it (`npm run build`). */
function buildIfStale() {
  const newest = (path) => {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats.mtimeMs;
    return readdirSync(path).reduce((most, entry) => Math.max(most, newest(join(path, entry))), stats.mtimeMs);
  };
  let built = 0;
  try {
    built = statSync('dist/server/main.js').mtimeMs;
  } catch {}
  if (Math.max(newest('src'), newest('package-lock.json')) > built) {
    console.error('Building the production bundle (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  }
}

/** The server as production runs it: `npm run start:prod` (NODE_ENV=production, the 192 MB heap). */
async function startServer(database, index) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-courier-'));
  const forget = onInterrupt(() => rmSync(dataDir, { recursive: true, force: true }));
  const shop = await startShop({
    dataDir,
    databaseUrl: database.url,
    script: 'start:prod',
    entry: 'dist/server/main.js',
    port: PORT + index,
    env: UNTHROTTLED,
  });
  let peak = rssMegabytes(shop.pid) ?? 0;
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMegabytes(shop.pid) ?? 0);
  }, 100);
  return {
    ...shop,
    peakRss: () => peak,
    async stop() {
      clearInterval(watch);
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
      forget();
    },
  };
}

/**
 * One autocannon run of a route: p99 (ms), req/s, and the answers that were neither 2xx nor the route's
 * expected status. A route too slow to answer twice per connection within the run is measured again by
 * count instead (three answers per connection, each waited for up to TIMEOUT_SECONDS), so its figure is
 * its own and not the run's length.
 */
async function measure(shop, route, connections, options = {}) {
  const run = (length) =>
    autocannon({
      url: shop.url,
      connections,
      ...length,
      timeout: options.timeout ?? TIMEOUT_SECONDS,
      requests: [route.request],
    });
  let result = await run({ duration: options.seconds ?? SECONDS });
  if (!options.timeout && result.requests.total < 2 * connections && shop.alive())
    result = await run({ amount: 3 * connections });
  // A request that errored (a timeout, a cut connection) is listed under status "undefined"; it is in `errors`.
  const statuses = Object.entries(result.statusCodeStats ?? {}).filter(([status]) => status !== 'undefined');
  const unexpected = statuses
    .filter(([status]) => !(status.startsWith('2') || Number(status) === route.expect))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    p99: result.latency.p99,
    perSecond: result.requests.average,
    bytesPerSecond: result.throughput.average,
    answered: result.requests.total,
    unexpected,
    // autocannon counts timeouts among its errors.
    errors: result.errors,
    statuses: statuses.map(([status]) => status).join('/'),
  };
}

const format = (run, download = false) => {
  if (!run) return '–';
  if (run.died) return '**server died**';
  if (run.answered === 0) return `no answer in ${TIMEOUT_SECONDS} s`;
  const failed = run.unexpected + run.errors;
  // Errors without a status: the answer did not come whole within the timeout, or its connection was cut.
  if (failed >= run.answered) return `all ${failed} failed (${run.statuses || `none whole within ${TIMEOUT_SECONDS} s`})`;
  const bad = failed ? ` (${failed} failed: ${run.statuses || 'cut off'})` : '';
  const rate = download ? `, ${(run.bytesPerSecond / 1e6).toFixed(1)} MB/s` : '';
  return `${Math.round(run.p99)} ms / ${run.perSecond < 10 ? run.perSecond.toFixed(1) : Math.round(run.perSecond)}${rate}${bad}`;
};

/**
 * Measures every route on one database: 1 then 10 connections, then the retrying clients; a route that
 * kills the server is reported so, and the server started again (sessions and keys live in the database).
 */
async function benchDatabase(database, index, only) {
  let shop = await startServer(database, index);
  const peaks = [];
  const deaths = [];
  const died = async (what) => {
    deaths.push(`${what}: ${lastLine(shop.errors())}`);
    peaks.push(shop.peakRss());
    await shop.stop();
    shop = await startServer(database, index);
  };
  try {
    const routes = (await courierRoutes(shop, database.url)).filter((route) => !only || route.name.toLowerCase().includes(only));
    const results = new Map();
    for (const route of routes) {
      if (route.missing) {
        results.set(route.name, { missing: route.missing });
        continue;
      }
      const runs = {};
      for (const connections of [1, 10]) {
        const run = await measure(shop, route, connections);
        if (!shop.alive()) {
          runs[connections] = { died: true };
          await died(`${route.name} at ${connections} connection${connections > 1 ? 's' : ''}`);
          break;
        }
        runs[connections] = run;
      }
      results.set(route.name, { ...runs, download: route.heavy === true });
      console.error(`${database.label.padEnd(5)} ${route.name.padEnd(32)} 1: ${format(runs[1])}   10: ${format(runs[10])}`);
    }
    const retried = [];
    for (const route of routes.filter((candidate) => candidate.retried && !candidate.missing)) {
      // Ten clients that give up after a second and ask again, for 20 s: does the process live through it?
      const run = await measure(shop, route, 10, { seconds: 20, timeout: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const lived = shop.alive();
      retried.push({ name: route.name, lived, answered: run.answered, timeouts: run.errors });
      if (!lived) await died(`${route.name}, 10 retrying clients`);
    }
    peaks.push(shop.peakRss());
    return { results, retried, peakRss: Math.max(...peaks), deaths };
  } finally {
    await shop.stop();
  }
}

const lastLine = (text) =>
  text
    .trim()
    .split('\n')
    .filter((line) => /heap|memory|error/i.test(line))
    .at(-1)
    ?.slice(0, 160) ?? 'no message';

/** Throughput kept at 10 connections, 1 M over small; undefined when either answered nothing. */
function throughputRatio(small, large) {
  if (!(small?.[10]?.perSecond > 0) || !(large?.[10]?.perSecond > 0)) return undefined;
  return large[10].perSecond / small[10].perSecond;
}

function verdict(small, large) {
  if (!large || large.missing) return '–';
  if (large[1]?.died || large[10]?.died) return '**fails: server died**';
  // Its time is its length (a merchant's 66,000 lines is 5 MB): issue 40 judges it by its own bar, streamed
  // while tracking keeps p99 < 100 ms (tests/integration/statement-volume.test.ts). A PDF past the one each
  // instance makes at a time is refused with 503 and Retry-After (decision 101).
  if (large.download) return 'a download: lived';
  const problems = [];
  if (!(large[1]?.answered > large[1]?.unexpected + large[1]?.errors)) problems.push('no whole answer');
  else if (large[1].p99 >= P99_LIMIT_MS) problems.push(`p99 ${Math.round(large[1].p99)} ms`);
  const ratio = throughputRatio(small, large);
  if (ratio !== undefined && ratio < RATIO_LIMIT) problems.push(`ratio ${ratio.toFixed(2)}`);
  if (large[1]?.unexpected + large[1]?.errors + large[10]?.unexpected + large[10]?.errors > 0) problems.push('failed answers');
  return problems.length ? `**fails**: ${problems.join(', ')}` : 'passes';
}

const only = values.only?.toLowerCase();
buildIfStale();
const measured = [];
for (const [index, database] of DATABASES.entries()) measured.push(await benchDatabase(database, index, only));
const [small, large] = measured;

const lines = [
  `| route | small: p99 / req/s, 1 conn | small: 10 conn | 1 M: p99 / req/s, 1 conn | 1 M: 10 conn | throughput ratio at 10 conn | verdict (p99 < ${P99_LIMIT_MS} ms at 1 conn; ratio ≥ ${RATIO_LIMIT}) |`,
  '|---|---|---|---|---|---|---|',
];
for (const [name, largeRuns] of large.results) {
  const smallRuns = small.results.get(name);
  if (largeRuns.missing) {
    lines.push(`| ${name} | ${smallRuns?.missing ?? ''} | | ${largeRuns.missing} | | | – |`);
    continue;
  }
  // A route the small database cannot show (ten pages of a merchant's parcels) is judged on its p99 alone.
  const download = largeRuns.download;
  const smallCells = smallRuns?.missing
    ? [smallRuns.missing, '']
    : [format(smallRuns?.[1], download), format(smallRuns?.[10], download)];
  const ratio = throughputRatio(smallRuns, largeRuns)?.toFixed(2) ?? '–';
  lines.push(
    `| ${name} | ${smallCells[0]} | ${smallCells[1]} | ${format(largeRuns[1], download)} | ${format(largeRuns[10], download)} | ${ratio} | ${verdict(smallRuns, largeRuns)} |`,
  );
}
lines.push('');
for (const [label, result] of [
  ['small', small],
  ['1 M', large],
]) {
  lines.push(`- ${label}: peak RSS ${result.peakRss} MB.`);
  for (const round of result.retried)
    lines.push(
      `- ${label}: ${round.name}, 10 clients giving up after 1 s and retrying for 20 s: ${round.answered} answers, ${round.timeouts} given up; the process ${round.lived ? 'lived' : '**died**'}.`,
    );
  for (const death of result.deaths) lines.push(`- ${label}: the server died: ${death}`);
}
console.log(lines.join('\n'));
