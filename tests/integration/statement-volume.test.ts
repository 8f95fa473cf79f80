import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/consignment.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { type NpmStartedServer, npmStart } from '../helpers/npm-start.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { createTestDatabase, type TestDatabase, withoutPostgres } from '../helpers/test-database.ts';
import { RELAXED_LIMITS, TEST_ADMIN } from '../helpers/test-server.ts';

/** The issue's merchant: 100,000 lines in one statement (issue 40's "Done when"). */
const LINES = 100_000;
/**
 * Tracking is not starved while statements are written. Issue 40's bar is p99 under 100 ms, printed beside
 * the figure; the test fails on starvation only, as the labels print's does (tests/integration/
 * bulk-labels-print.test.ts): this machine's two cores are shared with other test files.
 */
const TRACK_P99_MAX_MS = 500;
const TRACK_P99_BAR_MS = 100;
/** Decision 101's budget for the server's resident memory during the heaviest requests, on PostgreSQL. */
const RESIDENT_MAX_MB = 340;
/** Clients downloading statements at once, each giving up partway and asking again. */
const CLIENTS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * Issue 40: a merchant's 100,000-line statement, as CSV and as PDF, from `npm start` under the production
 * heap (decision 101), while a customer tracks a parcel; and ten statements at once with clients giving up
 * and asking again. At a million parcels the PDF without a period killed the server, and ten CSVs at once
 * after three answers.
 */
describe.skipIf(withoutPostgres())(`a ${LINES.toLocaleString('en')}-line statement (R-PAYOUTS, R-BOUNDS)`, () => {
  let database: TestDatabase;
  let server: NpmStartedServer;
  let merchant: SignedInCustomer;
  let trackingCode: string;
  const folder = mkdtempSync(join(tmpdir(), 'statement-volume-'));
  const statement = (format: 'csv' | 'pdf', signal?: AbortSignal) =>
    fetch(`${server.url}/api/merchant/ledger.${format}`, { headers: { authorization: `Bearer ${merchant.token}` }, signal });

  /** `GET /api/track/{code}` every 20 ms while `work` runs: each answer's time and status (0 when none came). */
  async function trackingDuring<T>(work: () => Promise<T>) {
    let working = true;
    const times: number[] = [];
    const statuses = new Set<number>();
    const tracking = (async () => {
      while (working) {
        const started = performance.now();
        const status = await fetch(`${server.url}/api/track/${trackingCode}`).then(
          async (answer) => (await answer.arrayBuffer()) && answer.status,
          () => 0,
        );
        times.push(performance.now() - started);
        statuses.add(status);
        await sleep(20);
      }
    })();
    try {
      const result = await work();
      return { result, sorted: times.toSorted((a, b) => a - b), statuses: [...statuses] };
    } finally {
      working = false;
      await tracking;
    }
  }
  const report = (what: string, ms: number, sorted: number[]) =>
    console.info(
      `${what} in ${(ms / 1000).toFixed(1)} s; GET /api/track ×${sorted.length} p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 0.99).toFixed(1)} ms (bar ${TRACK_P99_BAR_MS} ms on a quiet machine), max ` +
        `${sorted.at(-1)?.toFixed(1)} ms; resident peak ${server.residentMb().peak.toFixed(0)} MB (budget ${RESIDENT_MAX_MB} MB)`,
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    server = await npmStart({
      ...RELAXED_LIMITS,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATABASE_URL: database.url as string,
    });
    const admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    const { id: merchantId } = await approvedMerchant(server, admin, merchant);
    const booked = await call<Booking>(server, 'POST', '/api/consignments', { token: merchant.token, body: STANDARD_PARCEL });
    trackingCode = booked.body.trackingCode;
    // Ninety days of corrections to the one parcel (the once-a-parcel rule spares corrections), so every
    // line is read with its parcel as delivered lines are; written set-based.
    await database.handle.db.execute(sql`
      insert into merchant_ledger (merchant_id, consignment_id, kind, amount, note, created_at)
      select ${merchantId}, consignments.id, 'correction', 100 + line % 900, 'line ' || line,
        now() - interval '90 days' + line * (interval '90 days' / ${LINES})
      from consignments cross join generate_series(1, ${LINES}) line
      where consignments.tracking_code = ${trackingCode}`);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('downloads as CSV and as PDF, every line and page, while tracking answers in time', { timeout: 900_000 }, async () => {
    server.resetPeak();
    const csvFile = join(folder, 'statement.csv');
    const csv = await trackingDuring(async () => {
      const started = performance.now();
      const answer = await statement('csv');
      expect(answer.status).toBe(200);
      await pipeline(Readable.fromWeb(answer.body as never), createWriteStream(csvFile));
      return performance.now() - started;
    });
    report(`CSV of ${LINES} lines`, csv.result, csv.sorted);
    // The heading, every line, and the total.
    expect(Number(execFileSync('wc', ['-l', csvFile], { encoding: 'utf8' }).split(' ')[0])).toBe(LINES + 2);
    expect(csv.statuses).toEqual([200]);
    expect(percentile(csv.sorted, 0.99)).toBeLessThan(TRACK_P99_MAX_MS);

    const pdfFile = join(folder, 'statement.pdf');
    const pdf = await trackingDuring(async () => {
      const started = performance.now();
      const answer = await statement('pdf');
      expect(answer.status).toBe(200);
      await pipeline(Readable.fromWeb(answer.body as never), createWriteStream(pdfFile));
      return performance.now() - started;
    });
    const pages = Number(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1]);
    report(`PDF of ${LINES} lines, ${pages} pages,`, pdf.result, pdf.sorted);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // Every line names its parcel once; every page after the first repeats the columns' names.
    expect(text.split(trackingCode).length - 1).toBe(LINES);
    expect(text.split('When').length - 1).toBe(pages);
    expect(pages).toBeGreaterThan(LINES / 80);
    expect(pdf.statuses).toEqual([200]);
    expect(percentile(pdf.sorted, 0.99)).toBeLessThan(TRACK_P99_MAX_MS);
    expect(server.running()).toBe(true);
    expect(server.residentMb().peak).toBeLessThan(RESIDENT_MAX_MB);
  });

  it(`lives through ${CLIENTS} statements at once, clients giving up partway and asking again`, {
    timeout: 600_000,
  }, async () => {
    server.resetPeak();
    const answered = { csv: 0, pdf: 0, busy: 0, gaveUp: 0 };
    const client = async (index: number) => {
      const format = index % 2 === 0 ? 'csv' : 'pdf';
      for (let attempt = 0; attempt < 4; attempt++) {
        // A client with a 1 to 3 second timeout, as a proxy or an impatient browser has.
        const signal = AbortSignal.timeout(1000 + ((index * 7 + attempt * 3) % 20) * 100);
        try {
          const answer = await statement(format, signal);
          if (answer.status === 503) {
            answered.busy += 1;
            await answer.arrayBuffer();
            continue;
          }
          expect(answer.status).toBe(200);
          await answer.arrayBuffer();
          answered[format] += 1;
        } catch (error) {
          expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
          answered.gaveUp += 1;
        }
      }
    };
    const started = performance.now();
    const crowd = await trackingDuring(() => Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index))));
    report(`${CLIENTS} clients × 4 tries (${JSON.stringify(answered)})`, performance.now() - started, crowd.sorted);
    expect(server.running(), server.output()).toBe(true);
    expect(answered.gaveUp).toBeGreaterThan(0);
    expect(crowd.statuses).toEqual([200]);
    expect(server.residentMb().peak).toBeLessThan(RESIDENT_MAX_MB);
    // The print slots came back from every reader that left: a whole PDF is written again.
    let pdf = await statement('pdf');
    for (const deadline = Date.now() + 20_000; pdf.status === 503 && Date.now() < deadline; pdf = await statement('pdf'))
      await sleep(500);
    expect(pdf.status).toBe(200);
    await pdf.body?.cancel();
  });
});
