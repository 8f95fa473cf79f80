// The coverage search at 10 connections (issue 42, decision 158): p99 of GET /api/coverage on the app as
// the tests start it (PGlite; the search reads no database), twice: the same ten texts over and over
// (English, Bangla, typos, a whole address, a postcode: what the kept answers serve), then every request a
// text never asked before (a union's name with one letter left out: a search with a typo each time).
// A report, never a test: it moves with the machine (the search alone, last, moves least).
//   node --import tsx scripts/bench/coverage.mjs          (or BENCH_URL=http://127.0.0.1:3000 against a running app)
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import places from '../../src/server/modules/areas/places.json' with { type: 'json' };
import { suggestPlaces } from '../../src/server/modules/areas/suggestions.ts';
import { startTestServer } from '../../tests/helpers/test-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const REPEATED = [
  'Savar',
  'Mirpur',
  'Bashundhara',
  'uttra',
  'Tongi, Gazipur',
  'বসুন্ধরা',
  'Agrabad C/A, Chittagong',
  'House 12, Road 5, Block C, Bashundhara R/A, Dhaka-1229',
  '1230',
  'Keranigonj',
];
const UNIONS = Object.values(places.unions)
  .flat()
  .map(([name]) => String(name));
let fresh = 0;
const unique = () => {
  const name = UNIONS[fresh % UNIONS.length];
  const cut = 1 + (Math.floor(fresh / UNIONS.length) % Math.max(1, name.length - 1));
  fresh++;
  return `${name.slice(0, cut)}${name.slice(cut + 1)}`;
};

// BENCH_URL: a running app instead (as `npm start` runs it, with its 192 MB heap).
const server = process.env.BENCH_URL ? { url: process.env.BENCH_URL, stop: async () => {} } : await startTestServer();
try {
  for (const [label, next] of [
    [
      'the same ten texts',
      (() => {
        let n = 0;
        return () => REPEATED[n++ % REPEATED.length];
      })(),
    ],
    ['a new text every request', unique],
  ]) {
    const cpu = process.cpuUsage();
    const result = await autocannon({
      url: server.url,
      connections: 10,
      duration: SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/api/coverage?q=${encodeURIComponent(next())}` }) }],
    });
    const used = process.cpuUsage(cpu);
    console.log(
      `CPU of this process (server and load generator) per request: ${((used.user + used.system) / 1000 / result.requests.total).toFixed(2)} ms`,
    );
    console.log(
      `GET /api/coverage, ${label}, 10 connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  }
  // The search alone, in this process, on texts the server was not asked (each union's name without its
  // second-to-last letter): CPU per search moves far less with the machine's load than p99 does (decision 166).
  const texts = UNIONS.map((name) => `${name.slice(0, -2)}${name.slice(-1)}`);
  const cpu = process.cpuUsage();
  for (const text of texts) suggestPlaces(text);
  const used = process.cpuUsage(cpu);
  console.log(
    `The search alone, ${texts.length} new texts with a typo: ${((used.user + used.system) / 1000 / texts.length).toFixed(3)} ms of CPU per search`,
  );
} finally {
  await server.stop();
}
