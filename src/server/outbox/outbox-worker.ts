import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { type RacePoint, reachRacePoint } from '#server/db/race-points.ts';
import { type OutboxName, outboxRefusals } from '#server/metrics/shop-events.ts';
import { type OutboxTiming, PollingWorker, retryDelay } from './polling-worker.ts';

/** How one kind of outbox claims and sends (mail, text messages), and what its log calls things. */
export interface OutboxShape {
  /** "mail", "SMS": what the log says could not be read. */
  name: string;
  /** Its label in /metrics (R-METRICS). */
  outbox: OutboxName;
  /** "The SMTP server did not take a mail": what the log says of a refusal. */
  refused: string;
  racePoint: RacePoint;
  batch: number;
  /** Longer than any hand-over may take, so a claimed row is never claimed twice. */
  leaseMs: number;
}

/**
 * Sends what an outbox holds, inside the server (R-MAIL-ONCE, R-MAIL-RETRY; the SMS outbox too): each
 * round claims the rows that are due in one transaction (a lease and SKIP LOCKED, so instances take
 * different ones), then hands each to its carrier; a refusal, or a carrier out of reach, is retried
 * later with backoff. Without a carrier, rows are kept for the admin Mailbox.
 */
export abstract class OutboxWorker<Row extends { id: string; attempts: number }> {
  readonly #polling: PollingWorker;

  constructor(
    protected readonly db: Database,
    protected readonly log: FastifyBaseLogger,
    private readonly timing: OutboxTiming,
    private readonly shape: OutboxShape,
  ) {
    this.#polling = new PollingWorker(
      () => this.deliverDue(),
      timing.pollMs,
      (error) => log.error({ err: error }, `The ${shape.name} outbox could not be read`),
    );
  }

  /** Claims up to `limit` due rows, moving their next attempt `leaseMs` ahead. */
  protected abstract claim(tx: Transaction, limit: number, leaseMs: number): Promise<Row[]>;
  /** Hands a row to its carrier (`sent`), or keeps it for the Mailbox without one (`kept`); throws when refused. */
  protected abstract hand(row: Row): Promise<'sent' | 'kept'>;
  protected abstract delivered(id: string, how: 'sent' | 'kept'): Promise<void>;
  protected abstract refused(id: string, error: string, retryInMs: number): Promise<void>;

  start(): void {
    this.#polling.start();
  }

  stop(): Promise<void> {
    return this.#polling.stop();
  }

  /** One round: claims the rows that are due and delivers each. Returns how many were claimed. */
  async deliverDue(): Promise<number> {
    const { batch, leaseMs, racePoint } = this.shape;
    const claimed = await this.db.transaction(async (tx) => {
      const rows = await this.claim(tx, batch, leaseMs);
      await reachRacePoint(this.db, racePoint);
      return rows;
    });
    for (const row of claimed) await this.#deliver(row);
    return claimed.length;
  }

  async #deliver(row: Row): Promise<void> {
    let how: 'sent' | 'kept';
    try {
      how = await this.hand(row);
    } catch (error) {
      const retryInMs = retryDelay(this.timing, row.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn({ outboxId: row.id, attempts: row.attempts, retryInMs, err: error }, this.shape.refused);
      outboxRefusals.tell({ outbox: this.shape.outbox });
      await this.refused(row.id, reason, retryInMs);
      return;
    }
    await this.delivered(row.id, how);
  }
}
