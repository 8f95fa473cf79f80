import { describe, expect, it } from 'vitest';
import { createMemoryAttemptStore, LoginThrottle, type SignInAttempt } from './login-throttle.ts';

const attempt = (email: string, address: string, knownDevice = false): SignInAttempt => ({ email, address, knownDevice });
const waitOf = async (throttle: LoginThrottle, tried: SignInAttempt) => (await throttle.admit(tried))?.waitMs ?? 0;

describe('LoginThrottle', () => {
  const limits = { freeAttempts: 3, attemptsPerAddress: 100, attemptsPerAccount: 100 };

  it('lets the free attempts through, then makes each next one wait twice as long', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => now),
      limits,
    );
    const tried = attempt('a@x.com', '1.1.1.1');
    for (let i = 0; i < 3; i++) expect(await waitOf(throttle, tried)).toBe(0);
    expect(await waitOf(throttle, tried)).toBe(30_000);
    now = 30_000;
    expect(await waitOf(throttle, tried)).toBe(0);
    expect(await waitOf(throttle, tried)).toBe(60_000);
    now = 90_000;
    expect(await waitOf(throttle, tried)).toBe(0);
    expect(await waitOf(throttle, tried)).toBe(120_000);
  });

  it('holds back only the email and address pair that failed, and forgets it on success', async () => {
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => 0),
      limits,
    );
    for (let i = 0; i < 3; i++) await throttle.admit(attempt('a@x.com', '1.1.1.1'));
    expect(await throttle.admit(attempt('a@x.com', '1.1.1.1'))).toMatchObject({ heldBy: 'pair' });
    expect(await waitOf(throttle, attempt('a@x.com', '2.2.2.2'))).toBe(0);
    expect(await waitOf(throttle, attempt('b@x.com', '1.1.1.1'))).toBe(0);
    await throttle.succeeded(attempt('a@x.com', '1.1.1.1'));
    expect(await waitOf(throttle, attempt('a@x.com', '1.1.1.1'))).toBe(0);
  });

  it('caps the attempts of one address over every email for 15 minutes', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => now),
      { ...limits, attemptsPerAddress: 5 },
    );
    for (let i = 0; i < 5; i++) expect(await waitOf(throttle, attempt(`user${i}@x.com`, '9.9.9.9'))).toBe(0);
    expect(await throttle.admit(attempt('fresh@x.com', '9.9.9.9'))).toEqual({ waitMs: 15 * 60_000, heldBy: 'address' });
    expect(await waitOf(throttle, attempt('fresh@x.com', '8.8.8.8'))).toBe(0);
    now = 15 * 60_000;
    expect(await waitOf(throttle, attempt('fresh@x.com', '9.9.9.9'))).toBe(0);
  });

  it('caps one account over every address for unknown browsers only, so its known ones still get in (decision 43)', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => now),
      { ...limits, attemptsPerAccount: 4 },
    );
    for (let i = 0; i < 4; i++) expect(await waitOf(throttle, attempt('owner@x.com', `10.0.0.${i}`))).toBe(0);
    // A right password gives its attempt back: only failures fill the account's count.
    await throttle.succeeded(attempt('owner@x.com', '10.0.0.3'));
    expect(await waitOf(throttle, attempt('owner@x.com', '10.0.0.4'))).toBe(0);
    expect(await throttle.admit(attempt('owner@x.com', '10.0.0.99'))).toEqual({ waitMs: 15 * 60_000, heldBy: 'account' });
    expect(await waitOf(throttle, attempt('owner@x.com', '10.0.0.99', true))).toBe(0);
    expect(await waitOf(throttle, attempt('other@x.com', '10.0.0.99'))).toBe(0);
    now = 15 * 60_000;
    expect(await waitOf(throttle, attempt('owner@x.com', '10.0.0.100'))).toBe(0);
  });

  it('gives back an attempt that failed on our side: an outage leaves nobody waiting', async () => {
    const throttle = new LoginThrottle(
      createMemoryAttemptStore(() => 0),
      { freeAttempts: 2, attemptsPerAddress: 2, attemptsPerAccount: 2 },
    );
    const tried = attempt('a@x.com', '1.1.1.1');
    for (let i = 0; i < 10; i++) {
      expect(await waitOf(throttle, tried)).toBe(0);
      await throttle.failedOnOurSide(tried);
    }
    expect(await waitOf(throttle, tried)).toBe(0);
    expect(await waitOf(throttle, tried)).toBe(0);
    expect(await waitOf(throttle, tried)).toBeGreaterThan(0);
  });
});
