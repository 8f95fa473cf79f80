// npm run time:admin-orders
// Times Manage Orders' list and search and the overview on the configured database (DATABASE_URL, else
// the embedded one in DATA_DIR) and prints each figure against its limit (R-ORDERS-ADMIN, R-OVERVIEW).
// Seed first: npm run seed:bulk -- 500 && npm run seed:orders -- 100000. A report, never a test.
//   TIME_RUNS (15) runs of each, after one to warm up; the median and the slowest are printed.
import { desc } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { ordersCsv } from '#server/modules/orders/order-export.ts';
import { listOrdersForAdmin } from '#server/modules/orders/service.ts';
import { shopOverview } from '#server/modules/overview/service.ts';
import { type AdminOrdersQuery, adminOrdersQuerySchema } from '#shared/admin-orders.ts';
import { runWithConfiguredDatabase } from './with-configured-database.ts';

const RUNS = Number(process.env.TIME_RUNS || 15);
const LIST_LIMIT_MS = 100;
const OVERVIEW_LIMIT_MS = 200;

async function timed(work: () => Promise<unknown>): Promise<{ median: number; slowest: number }> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, slowest: times.at(-1) ?? 0 };
}

runWithConfiguredDatabase(async ({ db }) => {
  const [newest] = await db.select({ number: orders.number }).from(orders).orderBy(desc(orders.number)).limit(1);
  const orderCount = (await listOrdersForAdmin(db, adminOrdersQuerySchema.parse({}))).total;
  const middle = (newest?.number ?? 100001) - Math.floor(orderCount / 2);
  const lists: [string, Record<string, string>][] = [
    ['first page, no filter', {}],
    ['page 100', { page: '100' }],
    ['last page (OFFSET ~ all orders)', { page: String(Math.max(1, Math.ceil(orderCount / 20))) }],
    ['status = shipped', { status: 'shipped' }],
    ['status = refunded, page 10', { status: 'refunded', page: '10' }],
    [`number SC-${middle}`, { q: `SC-${middle}` }],
    ['email part "jones1"', { q: 'jones1' }],
    ['email part "example.com" (a quarter of all)', { q: 'example.com' }],
    ['email part "nobody-at-all"', { q: 'nobody-at-all' }],
    ['status = delivered and email part "ana.alvarez"', { status: 'delivered', q: 'ana.alvarez' }],
  ];
  console.log(`${orderCount} orders; ${RUNS} runs each after one warm-up.\n`);
  const lines: string[] = [];
  let over = 0;
  const report = (what: string, figures: { median: number; slowest: number }, limit: number) => {
    const ok = figures.median <= limit;
    if (!ok) over++;
    lines.push(
      `${ok ? 'ok  ' : 'OVER'}  ${what.padEnd(70)} median ${figures.median.toFixed(1).padStart(7)} ms  slowest ${figures.slowest.toFixed(1).padStart(7)} ms  limit ${limit} ms`,
    );
  };
  for (const [what, parameters] of lists) {
    const query: AdminOrdersQuery = adminOrdersQuerySchema.parse(parameters);
    report(`GET /api/admin/orders: ${what}`, await timed(() => listOrdersForAdmin(db, query)), LIST_LIMIT_MS);
  }
  report('GET /api/admin/overview', await timed(() => shopOverview(db, new Date())), OVERVIEW_LIMIT_MS);
  console.log(lines.join('\n'));

  const started = performance.now();
  let bytes = 0;
  let heapPeak = 0;
  for await (const chunk of ordersCsv(db, { status: undefined })) {
    bytes += chunk.length;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  console.log(
    `\nCSV of every order: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(2)} s, heap at most ${(heapPeak / 1e6).toFixed(0)} MB (no limit: a report)`,
  );
  return over === 0 ? 0 : 1;
});
