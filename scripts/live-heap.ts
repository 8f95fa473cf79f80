/**
 * Decision 101's measurement: the live JavaScript heap (after a full collection, every 250 ms) while the
 * heaviest documented requests run at their maximum, a 5,000-parcel bulk booking and its labels, the
 * app in this process as the tests start it. Run with `npm start`'s flags and `--expose-gc`:
 *   node --expose-gc --max-semi-space-size=4 --max-old-space-size=192 --liftoff-only --import tsx scripts/live-heap.ts [postgres|pglite]
 * (postgres needs TEST_DATABASE_URL). Forced collections make it many times slower than a real print.
 */
import v8 from 'node:v8';
import { bulkBookingFile } from '../tests/helpers/bulk-file.ts';
import { approvedMerchant } from '../tests/helpers/merchants.ts';
import { signInAdmin, signUpCustomer } from '../tests/helpers/shop-client.ts';
import { prepareTestDatabases } from '../tests/helpers/test-database.ts';
import { startTestServer } from '../tests/helpers/test-server.ts';

const collect = (globalThis as unknown as { gc?: () => void }).gc;
if (!collect) throw new Error('run node with --expose-gc');
const liveMb = () => {
  collect();
  return v8.getHeapStatistics().used_heap_size / 2 ** 20;
};

async function peakDuring(name: string, work: () => Promise<void>) {
  let peak = 0;
  const sampling = setInterval(() => {
    peak = Math.max(peak, liveMb());
  }, 250);
  const started = performance.now();
  await work().finally(() => clearInterval(sampling));
  const seconds = (performance.now() - started) / 1000;
  console.info(`${name}: ${seconds.toFixed(1)} s, live heap at most ${peak.toFixed(1)} MB, ${liveMb().toFixed(1)} MB after`);
}

await prepareTestDatabases();
const server = await startTestServer({ kind: process.argv[2] === 'pglite' ? 'pglite' : 'postgres' });
const merchant = await signUpCustomer(server);
await approvedMerchant(server, await signInAdmin(server), merchant);
const authorization = `Bearer ${merchant.token}`;
console.info(`idle: live heap ${liveMb().toFixed(1)} MB`);
let labelsUrl = '';
await peakDuring('booking 5,000 parcels', async () => {
  const form = new FormData();
  form.set('service', 'standard');
  form.set('pickup', '0');
  form.set('file', new Blob([bulkBookingFile(5000)], { type: 'text/csv' }), 'parcels.csv');
  const booked = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
    method: 'POST',
    headers: { origin: server.url, authorization },
    body: form,
  });
  ({ labelsUrl } = (await booked.json()) as { labelsUrl: string });
});
await peakDuring('printing their 5,000 labels', async () => {
  const labels = await fetch(labelsUrl, { headers: { authorization } });
  for await (const _chunk of labels.body as unknown as AsyncIterable<Uint8Array>);
});
await server.stop();
