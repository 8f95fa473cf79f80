/** How an outbox is read (R-MAIL-RETRY; the SMS outbox too). */
export interface OutboxTiming {
  /** How often the outbox is looked at. */
  pollMs: number;
  /** The wait after the first refusal; it doubles with each further refusal, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { pollMs: 2_000, retryBaseMs: 10_000, retryMaxMs: 60 * 60_000 };

/** Exponential backoff: base, 2×base, 4×base … capped (R-MAIL-RETRY). */
export function retryDelay(timing: OutboxTiming, attempts: number): number {
  return Math.min(timing.retryBaseMs * 2 ** Math.max(0, attempts - 1), timing.retryMaxMs);
}

/**
 * Runs an outbox's rounds inside the server, one after another, `pollMs` apart, until stopped; stopping
 * waits for the round under way. A round that fails is reported and the next one comes as usual.
 */
export class PollingWorker {
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<unknown> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly pollMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    const tick = () => {
      this.#round = this.round()
        .catch(this.failed)
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, this.pollMs);
        });
    };
    this.#timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#round;
  }
}
