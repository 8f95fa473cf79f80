// The coverage search at 10 connections (issue 42, decision 158): p99 of GET /api/coverage over typed
// names, Bangla, typos and whole addresses, on the app as the tests start it (PGlite; the search reads no
// database). Also the heap the places' index adds. A report, never a test: it moves with the machine.
//   node --expose-gc --import tsx scripts/bench/coverage.mjs
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startTestServer } from '../../tests/helpers/test-server.ts';

const QUERIES = [
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
const gc = globalThis.gc;
gc?.();
const before = process.memoryUsage().heapUsed;
await import('../../src/server/modules/areas/suggestions.ts');
gc?.();
console.log(`heap added by the places' index: ${((process.memoryUsage().heapUsed - before) / 1024 / 1024).toFixed(1)} MB`);
const server = await startTestServer();
try {
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: Number(process.env.BENCH_SECONDS || 10),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/coverage?q=${encodeURIComponent(QUERIES[next++ % QUERIES.length])}`,
        }),
      },
    ],
  });
  console.log(
    `GET /api/coverage at 10 connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.stop();
}
