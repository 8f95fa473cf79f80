import { describe, expect, it } from 'vitest';
import { createMemoryAttemptStore, LoginThrottle } from './login-throttle.ts';

describe('LoginThrottle', () => {
  const limits = { freeAttempts: 3, attemptsPerAddress: 100 };

  it('lets the free attempts through, then makes each next one wait twice as long', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => now),
      limits,
    );
    for (let i = 0; i < 3; i++) expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(0);
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(30_000);
    now = 30_000;
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(0);
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(60_000);
    now = 90_000;
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(0);
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(120_000);
  });

  it('holds back only the email and address pair that failed, and forgets it on success', async () => {
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => 0),
      limits,
    );
    for (let i = 0; i < 3; i++) await throttle.admit('a@x.com', '1.1.1.1');
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBeGreaterThan(0);
    expect(await throttle.admit('a@x.com', '2.2.2.2')).toBe(0);
    expect(await throttle.admit('b@x.com', '1.1.1.1')).toBe(0);
    await throttle.succeeded('a@x.com', '1.1.1.1');
    expect(await throttle.admit('a@x.com', '1.1.1.1')).toBe(0);
  });

  it('caps the attempts of one address over every email for 15 minutes', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => now),
      { freeAttempts: 3, attemptsPerAddress: 5 },
    );
    for (let i = 0; i < 5; i++) expect(await throttle.admit(`user${i}@x.com`, '9.9.9.9')).toBe(0);
    expect(await throttle.admit('fresh@x.com', '9.9.9.9')).toBe(15 * 60_000);
    expect(await throttle.admit('fresh@x.com', '8.8.8.8')).toBe(0);
    now = 15 * 60_000;
    expect(await throttle.admit('fresh@x.com', '9.9.9.9')).toBe(0);
  });
});
