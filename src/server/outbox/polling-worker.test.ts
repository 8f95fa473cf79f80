import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_TIMING, retryDelay } from './polling-worker.ts';

describe('retries of a refused mail (R-MAIL-RETRY)', () => {
  it('wait 10 s, then twice as long after each further refusal, never more than an hour', () => {
    const waits = [1, 2, 3, 4, 9, 10, 50].map((attempts) => retryDelay(DEFAULT_OUTBOX_TIMING, attempts) / 1000);
    expect(waits).toEqual([10, 20, 40, 80, 2560, 3600, 3600]);
  });
});
