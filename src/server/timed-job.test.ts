import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleTimedJob } from './timed-job.ts';

/** A run that waits until let go, counting how many began. */
function heldRuns() {
  const started: Array<() => void> = [];
  let aborted = false;
  return {
    started,
    get aborted() {
      return aborted;
    },
    run: (signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        started.push(resolve);
      }),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('a timed job (decisions 117, 129, 185)', () => {
  it('runs once ready, one run at a time, once more when woken while running, and is waited for on close', async () => {
    const app = Fastify();
    const runs = heldRuns();
    const wake = scheduleTimedJob(app, { everyMs: 60_000, run: runs.run, failed: 'the job failed' });
    await app.ready();
    expect(runs.started).toHaveLength(1);
    // Woken twice while it runs: one more run after it, not two at once and not two more.
    wake();
    wake();
    await settled();
    expect(runs.started).toHaveLength(1);
    runs.started[0]?.();
    await settled();
    expect(runs.started).toHaveLength(2);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await settled();
    // The running job is told to stop and waited for; nothing runs after it.
    expect(runs.aborted).toBe(true);
    expect(closed).toBe(false);
    runs.started[1]?.();
    await closing;
    expect(runs.started).toHaveLength(2);
  });

  it('logs a failed run and runs again when woken', async () => {
    const app = Fastify();
    let calls = 0;
    const wake = scheduleTimedJob(app, {
      everyMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
      failed: 'the job failed',
    });
    await app.ready();
    await settled();
    wake();
    await settled();
    expect(calls).toBe(2);
    await app.close();
  });
});
