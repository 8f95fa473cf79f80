import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { ChangeBusState } from '#server/cache/change-bus.ts';
import type { Database } from '#server/db/client.ts';
import { CONSIGNMENT_STATUSES } from '#shared/consignment-status.ts';
import { outboxBacklogs, parcelsByStatus } from './backlogs.ts';
import { unfinishedPayoutRun } from './payout-runs.ts';
import { reconciliationGap } from './reconciliation.ts';
import { orderMoves, outboxRefusals, parcelMoves, paymentOutcomes, payoutRunSteps, sslcommerzRefusals } from './shop-events.ts';

type PromClient = typeof import('prom-client');

interface BusinessMetricsOptions {
  db: Database;
  changeBus: ChangeBusState;
  log: FastifyBaseLogger;
  /** The shop's time zone, whose days the reconciliation reads. */
  timeZone: string;
}

/**
 * Reads once for every gauge that asks while the read is under way: a scrape collects its gauges at
 * once, and two of them share the outboxes' read.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}

/**
 * The business in /metrics (R-METRICS): counters the modules' events add to, and gauges read from the
 * database when scraped. A read that fails leaves its gauges empty and the rest of the scrape whole:
 * the readiness probe is what says the database is down. Returns how to stop hearing the events.
 */
export function registerBusinessMetrics(
  { Counter, Gauge }: PromClient,
  registry: Registry,
  { db, changeBus, log, timeZone }: BusinessMetricsOptions,
): () => void {
  const registers = [registry];
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Counter({ name, help, labelNames, registers });
  const refusals = counter('outbox_send_failures_total', 'Outbox rows a carrier refused or could not be reached for', ['outbox']);
  const payments = counter('payments_total', 'Card payments by processor and outcome', ['processor', 'outcome']);
  const sslcommerzRefused = counter(
    'sslcommerz_refused_total',
    'Reports from SSLCommerz refused: forged, or for another amount or currency than asked',
    ['reason'],
  );
  const orderChanges = counter('order_status_changes_total', 'Orders moved from one status to another', ['from', 'to']);
  const parcelChanges = counter('parcel_moves_total', 'Parcels moved, by the status they moved to', ['status']);
  const payoutSteps = counter(
    'payout_run_merchants_total',
    'Merchants a payout run settled (paid, or nothing owed) or could not (failed, retried later)',
    ['outcome'],
  );
  const stopHearing = [
    outboxRefusals.hear(({ outbox }) => refusals.inc({ outbox })),
    paymentOutcomes.hear((outcome) => payments.inc(outcome)),
    sslcommerzRefusals.hear(({ reason }) => sslcommerzRefused.inc({ reason })),
    orderMoves.hear((move) => orderChanges.inc(move)),
    parcelMoves.hear(({ to }) => parcelChanges.inc({ status: to })),
    payoutRunSteps.hear(({ outcome }) => payoutSteps.inc({ outcome })),
  ];

  const backlogs = sharedRead(() => outboxBacklogs(db));
  // Every status has its series, 0 too, so a rule can compare a status with what it was.
  const parcels = async () => {
    const counted = new Map((await parcelsByStatus(db)).map(({ status, parcels }) => [status, parcels]));
    return CONSIGNMENT_STATUSES.map((status) => ({ status, parcels: counted.get(status) ?? 0 }));
  };
  const readInto = async <T>(gauge: { reset(): void }, read: () => Promise<T[]>, set: (row: T) => void) => {
    gauge.reset();
    try {
      for (const row of await read()) set(row);
    } catch (error) {
      log.warn({ err: error }, 'metrics: could not read the database; its gauges are left out of this scrape');
    }
  };
  new Gauge({
    name: 'outbox_unsent',
    help: 'Outbox rows not yet handed to their carrier (webhook: deliveries pending)',
    labelNames: ['outbox'],
    registers,
    async collect() {
      await readInto(this, backlogs, ({ outbox, unsent }) => this.set({ outbox }, unsent));
    },
  });
  new Gauge({
    name: 'outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest outbox row not yet handed to its carrier; 0 when there is none',
    labelNames: ['outbox'],
    registers,
    async collect() {
      await readInto(this, backlogs, ({ outbox, oldestAgeSeconds }) => this.set({ outbox }, oldestAgeSeconds ?? 0));
    },
  });
  new Gauge({
    name: 'consignments',
    help: 'Parcels in each status',
    labelNames: ['status'],
    registers,
    async collect() {
      await readInto(this, parcels, ({ status, parcels }) => this.set({ status }, parcels));
    },
  });
  const gaps = reconciliationGap(db, timeZone);
  // Every check has its series, 0 when it closes, so the alert never finds the series gone.
  new Gauge({
    name: 'reconciliation_difference_poisha',
    help: 'Yesterday’s reconciliation: the poisha by which each check (cash, payments, payouts) does not close; 0 when it closes',
    labelNames: ['check'],
    registers,
    async collect() {
      await readInto(this, gaps, ({ check, poisha }) => this.set({ check }, poisha));
    },
  });
  const payoutRun = sharedRead(() => unfinishedPayoutRun(db));
  // 0 when every run is done, so an alert compares the age with a limit and never finds the series gone.
  new Gauge({
    name: 'payout_run_unfinished_seconds',
    help: 'Seconds since the oldest payout run still running started; 0 when every run is done',
    registers,
    async collect() {
      await readInto(
        this,
        async () => [(await payoutRun())[0]?.ageSeconds ?? 0],
        (age) => this.set(age),
      );
    },
  });
  new Gauge({
    name: 'payout_run_merchants',
    help: 'The running payout run’s progress: merchants owing at its start (total), settled, and failed',
    labelNames: ['of'],
    registers,
    async collect() {
      await readInto(this, payoutRun, ({ merchants, settled, failed }) => {
        this.set({ of: 'total' }, merchants);
        this.set({ of: 'settled' }, settled);
        this.set({ of: 'failed' }, failed);
      });
    },
  });
  new Gauge({
    name: 'change_bus_connected',
    help: 'Whether this instance hears the other instances’ changes (1) or not (0); memory: the only instance',
    labelNames: ['transport'],
    registers,
    collect() {
      this.reset();
      this.set({ transport: changeBus.transport }, changeBus.hearing() ? 1 : 0);
    },
  });
  return () => {
    for (const stop of stopHearing) stop();
  };
}
