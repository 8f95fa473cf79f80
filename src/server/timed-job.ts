import type { FastifyInstance } from 'fastify';

export interface TimedJob {
  /** How often every instance runs it, after once when it is ready. */
  everyMs: number;
  /** One run; `signal` aborts when the app closes. */
  run: (signal: AbortSignal) => Promise<unknown>;
  /** What the log says when a run fails; the next run tries again. */
  failed: string;
}

/**
 * A job each instance runs once it is ready and then every `everyMs` (the payout run, decision 117; the
 * coming months' partitions, 129; the record looks' counters, 185), one run at a time. A wake while it
 * runs runs it once more afterwards, so what woke it (an admin's new payout run) is not missed. On close
 * the timer stops, the signal aborts and the run is waited for. Returns the wake.
 */
export function scheduleTimedJob(app: FastifyInstance, { everyMs, run, failed }: TimedJob): () => void {
  const closing = new AbortController();
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;
  const wake = () => {
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = run(closing.signal)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, failed),
      )
      .finally(() => {
        running = undefined;
        if (wokenWhileRunning && !closing.signal.aborted) {
          wokenWhileRunning = false;
          wake();
        }
      });
  };
  const timer = setInterval(wake, everyMs);
  timer.unref();
  app.addHook('onReady', async () => wake());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    closing.abort();
    await running;
  });
  return wake;
}
