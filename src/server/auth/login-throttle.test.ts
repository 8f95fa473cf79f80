import { describe, expect, it } from 'vitest';
import { createMemoryCounter, LoginThrottle } from './login-throttle.ts';

describe('LoginThrottle', () => {
  const policy = { windowMs: 60_000, maxFailuresPerEmail: 3, maxFailuresPerIp: 5 };

  it('refuses an email after its failures, and forgets them when the window passes', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryCounter(() => now),
      policy,
    );
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.com', '1.1.1.1');
    expect(await throttle.refusal('a@x.com', '2.2.2.2')).toMatch(/Too many failed sign-in attempts/);
    expect(await throttle.refusal('b@x.com', '2.2.2.2')).toBeUndefined();
    now = 60_001;
    expect(await throttle.refusal('a@x.com', '2.2.2.2')).toBeUndefined();
  });

  it('refuses an address that tries many emails', async () => {
    const throttle = new LoginThrottle(createMemoryCounter(), policy);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(`user${i}@x.com`, '9.9.9.9');
    expect(await throttle.refusal('fresh@x.com', '9.9.9.9')).toBeDefined();
    expect(await throttle.refusal('fresh@x.com', '8.8.8.8')).toBeUndefined();
  });
});
