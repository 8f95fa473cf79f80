import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_BOOKING_MESSAGES, type BulkBooking } from '#shared/bulk-booking.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { type NpmStartedServer, npmStart } from '../helpers/npm-start.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../helpers/test-database.ts';
import { RELAXED_LIMITS, TEST_ADMIN } from '../helpers/test-server.ts';

/** The largest bulk booking a merchant may file (R-BULK-BOOKING), all its labels in one PDF. */
const PARCELS = 5000;
/**
 * Everyone else is not starved while the labels print. Issue 39's bar is p99 under 100 ms, met on a quiet
 * machine and printed by this test beside it (docs/performance.md: 48 and 63 ms); this test shares CI's two
 * cores with another test file, where the same code measured 99 ms, so it fails only on starvation: without
 * the turn between pages p99 was 2,093 ms (performance figures are benchmarks, not timed tests).
 */
const TRACK_P99_MAX_MS = 500;
const TRACK_P99_BAR_MS = 100;
/**
 * Decision 101's budget for the server's resident memory during the heaviest documented requests: PGlite's
 * database lives in the process (its WebAssembly memory), PostgreSQL's does not.
 */
const RESIDENT_MAX_MB = { postgres: 340, pglite: 420 } as const;

const METRICS_TOKEN = 'labels-print-metrics';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * The most the server's JavaScript heap held while `work` ran, sampled from its /metrics every quarter
 * second (a sample: a short peak between two can be missed), for decision 101's measurement.
 */
async function heapPeakMbDuring<T>(server: NpmStartedServer, work: Promise<T>): Promise<{ result: T; heapPeakMb: number }> {
  let working = true;
  let heapPeakMb = 0;
  const sampling = (async () => {
    while (working) {
      const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        .then((answer) => answer.text())
        .catch(() => '');
      const used = metrics.match(/^nodejs_heap_size_used_bytes (\S+)/m)?.[1];
      if (used) heapPeakMb = Math.max(heapPeakMb, Number(used) / 2 ** 20);
      await sleep(250);
    }
  })();
  const stop = async () => {
    working = false;
    await sampling;
  };
  const result = await work.finally(stop);
  // NaN when no scrape was answered meanwhile: on PGlite /metrics waits for the database (its business
  // gauges), which a booking's transaction holds to its end.
  return { result, heapPeakMb: heapPeakMb || Number.NaN };
}

/**
 * Issue 39 item 2: a full bulk booking's labels printed by `npm start` under the production heap (decision
 * 36), while a customer tracks a parcel. The print used to hold every page in memory and died.
 */
describe.each(testDatabaseKinds())(
  `printing a ${PARCELS}-parcel bulk booking's labels (R-BULK-BOOKING, R-BOUNDS, %s)`,
  (kind) => {
    let database: TestDatabase | undefined;
    let server: NpmStartedServer;
    let merchant: SignedInCustomer;
    let booking: BulkBooking;
    let trackingCode: string;
    const folder = mkdtempSync(join(tmpdir(), 'bulk-labels-'));
    const printLabels = () => fetch(booking.labelsUrl, { headers: { authorization: `Bearer ${merchant.token}` } });

    beforeAll(async () => {
      database = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
      server = await npmStart({
        ...RELAXED_LIMITS,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        METRICS_TOKEN,
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
      });
      const admin = await signInAdmin(server);
      merchant = await signUpCustomer(server);
      await approvedMerchant(server, admin, merchant);
      const form = new FormData();
      form.set('service', 'standard');
      form.set('pickup', '0');
      form.set('file', new Blob([bulkBookingFile(PARCELS)], { type: 'text/csv' }), 'parcels.csv');
      server.resetPeak();
      const started = performance.now();
      const { result: booked, heapPeakMb } = await heapPeakMbDuring(
        server,
        fetch(`${server.url}/api/merchant/bulk-bookings`, {
          method: 'POST',
          headers: { origin: server.url, authorization: `Bearer ${merchant.token}` },
          body: form,
        }),
      );
      expect(booked.status).toBe(201);
      booking = (await booked.json()) as BulkBooking;
      console.info(
        `${kind}: booked ${PARCELS} parcels in ${((performance.now() - started) / 1000).toFixed(1)} s; resident peak ` +
          `${server.residentMb().peak.toFixed(0)} MB, heap used at most ${heapPeakMb.toFixed(0)} MB`,
      );
      const parcels = await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: merchant.token });
      trackingCode = parcels.body.parcels[0]?.trackingCode ?? '';
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    });

    it(`prints all ${PARCELS} pages with the server's memory in budget, while tracking answers in time`, {
      timeout: 600_000,
    }, async () => {
      server.resetPeak();
      let printing = true;
      const trackMs: number[] = [];
      const trackStatuses = new Set<number>();
      const tracking = (async () => {
        while (printing) {
          const started = performance.now();
          // A server that fell over answers status 0.
          const status = await fetch(`${server.url}/api/track/${trackingCode}`).then(
            async (answer) => (await answer.arrayBuffer()) && answer.status,
            () => 0,
          );
          trackMs.push(performance.now() - started);
          trackStatuses.add(status);
          await sleep(20);
        }
      })();
      const file = join(folder, 'labels.pdf');
      const started = performance.now();
      const print = async () => {
        const labels = await printLabels();
        expect(labels.status).toBe(200);
        expect(labels.headers.get('content-type')).toBe('application/pdf');
        // One print at a time on a server (decision 100): another asked meanwhile is told when to come back.
        const meanwhile = await printLabels();
        expect(meanwhile.status).toBe(503);
        expect(meanwhile.headers.get('retry-after')).toBe('60');
        expect(((await meanwhile.json()) as { error: { message: string } }).error.message).toBe(BULK_BOOKING_MESSAGES.printing);
        await pipeline(Readable.fromWeb(labels.body as never), createWriteStream(file));
      };
      let heapPeakMb = 0;
      try {
        ({ heapPeakMb } = await heapPeakMbDuring(server, print()));
      } finally {
        printing = false;
        await tracking;
      }
      const printMs = performance.now() - started;

      expect(server.running()).toBe(true);
      const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1];
      expect(Number(pages)).toBe(PARCELS);
      const resident = server.residentMb();
      const sorted = trackMs.toSorted((a, b) => a - b);
      console.info(
        `${kind}: ${PARCELS} labels in ${(printMs / 1000).toFixed(1)} s; GET /api/track ×${sorted.length} p50 ` +
          `${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (bar ${TRACK_P99_BAR_MS} ms on a quiet machine), max ` +
          `${sorted.at(-1)?.toFixed(1)} ms; resident peak ${resident.peak.toFixed(0)} MB, heap used at most ${heapPeakMb.toFixed(0)} MB`,
      );
      expect([...trackStatuses]).toEqual([200]);
      expect(percentile(sorted, 0.99)).toBeLessThan(TRACK_P99_MAX_MS);
      expect(resident.peak).toBeLessThan(RESIDENT_MAX_MB[kind]);

      // Its slot is given back when a reader leaves halfway as well as when one reads to the end.
      const leaving = await printLabels();
      expect(leaving.status).toBe(200);
      await leaving.body?.cancel();
      // The server learns the reader has gone when its connection closes: a moment later.
      let next = await printLabels();
      for (const deadline = Date.now() + 10_000; next.status === 503 && Date.now() < deadline; next = await printLabels())
        await sleep(200);
      expect(next.status).toBe(200);
      await next.body?.cancel();
    });
  },
);
