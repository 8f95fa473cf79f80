import type { Redis } from 'ioredis';

/**
 * How an attempt counter at one key grows: `free` attempts pass at once; after them each attempt
 * makes the next one wait twice as long as the last wait, from `firstDelayMs` up to `maxDelayMs`.
 * The count is forgotten `windowMs` after its first attempt (or when its last wait ends, if later).
 */
export interface GrowingDelay {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/**
 * Counts attempts per key, each counted the moment it is admitted (R-THROTTLE): N parallel attempts
 * are N attempts, never N checks of one stale count. Shared across instances when Redis is configured.
 */
export interface AttemptStore {
  /** Counts an attempt and answers 0, or counts nothing and answers how many ms to wait. */
  admit(key: string, rule: GrowingDelay): Promise<number>;
  /** Gives back one counted attempt whose answer was our failure, not the client's (R-THROTTLE). */
  refund(key: string, rule: GrowingDelay): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
}

const delayAfter = (count: number, rule: GrowingDelay) =>
  count < rule.free ? 0 : Math.min(rule.firstDelayMs * 2 ** (count - rule.free), rule.maxDelayMs);

/** Keys one instance keeps in memory; past it the oldest go first, so a flood of made-up emails cannot fill memory. */
const MEMORY_KEYS_MAX = 100_000;

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const entries = new Map<string, { count: number; nextAt: number; expiresAt: number }>();
  return {
    async admit(key, rule) {
      const time = now();
      const current = entries.get(key);
      const entry = current && current.expiresAt > time ? current : { count: 0, nextAt: 0, expiresAt: 0 };
      if (time < entry.nextAt) return entry.nextAt - time;
      entry.count += 1;
      const delay = delayAfter(entry.count, rule);
      entry.nextAt = time + delay;
      entry.expiresAt = Math.max(entry.expiresAt || time + rule.windowMs, entry.nextAt);
      if (!entries.has(key) && entries.size >= MEMORY_KEYS_MAX) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
      return 0;
    },
    async refund(key, rule) {
      const entry = entries.get(key);
      if (!entry || entry.count === 0) return;
      entry.count -= 1;
      entry.nextAt = Math.min(entry.nextAt, now() + delayAfter(entry.count, rule));
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

/** The same rule as the memory store, run inside Redis so that reading and counting are one step. */
const ADMIT_SCRIPT = `
local free, first, max, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if now < nextAt then return nextAt - now end
count = count + 1
local delay = 0
if count >= free then delay = math.min(first * 2 ^ (count - free), max) end
redis.call('HSET', KEYS[1], 'count', count, 'next', string.format('%d', now + delay))
if count == 1 then redis.call('PEXPIRE', KEYS[1], math.max(window, delay))
elseif redis.call('PTTL', KEYS[1]) < delay then redis.call('PEXPIRE', KEYS[1], delay) end
return 0
`;

/** The memory store's refund in Redis: one attempt fewer, and no longer a wait than that count earns from now. */
const REFUND_SCRIPT = `
local free, first, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count == 0 then return 0 end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
count = count - 1
local delay = 0
if count >= free then delay = math.min(first * 2 ^ (count - free), max) end
local nextAt = math.min(tonumber(redis.call('HGET', KEYS[1], 'next') or '0'), now + delay)
redis.call('HSET', KEYS[1], 'count', count, 'next', string.format('%d', nextAt))
return 0
`;

export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  return {
    async admit(key, rule) {
      const wait = await redis.eval(ADMIT_SCRIPT, 1, prefix + key, rule.free, rule.firstDelayMs, rule.maxDelayMs, rule.windowMs);
      return Number(wait);
    },
    async refund(key, rule) {
      await redis.eval(REFUND_SCRIPT, 1, prefix + key, rule.free, rule.firstDelayMs, rule.maxDelayMs);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Per email and address: after the free attempts, waits of 30 s, 1, 2, 4, 8 and then 15 minutes (R-THROTTLE).
 * Only that pair waits: the owner signing in from another address is not held up by a stranger's guesses.
 */
export const pairRule = (free: number): GrowingDelay => ({
  free,
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
});

/** Per address, whatever the emails and outcomes: one address trying many accounts waits 15 minutes. */
export const addressRule = (free: number): GrowingDelay => ({
  free,
  firstDelayMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
});

/**
 * Per account, over every address, for devices the account has not signed in from (decision 43): a
 * guesser spread over many addresses gets this many tries in 15 minutes, then waits; the owner's known
 * devices are counted only per address and pair, so the guesser cannot lock them out.
 */
export const accountRule = (free: number): GrowingDelay => ({
  free,
  firstDelayMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
});

/** Which count held an attempt back, and for how long. */
export interface SignInRefusal {
  waitMs: number;
  heldBy: 'address' | 'account' | 'pair';
}

/** One sign-in attempt: the email tried, the client's address, and whether its browser has signed in to that account before. */
export interface SignInAttempt {
  email: string;
  address: string;
  knownDevice: boolean;
}

/**
 * Sign-in throttling: every attempt is counted before the password is checked, per email and address
 * pair (growing delay, forgotten on success), per address (a cap on every attempt in 15 minutes) and per
 * account from unknown devices (a cap over all addresses).
 */
export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: { freeAttempts: number; attemptsPerAddress: number; attemptsPerAccount: number },
  ) {}

  /** The counts an attempt takes part in, in the order they are asked. */
  private countsOf({ email, address, knownDevice }: SignInAttempt) {
    const counts = [
      { heldBy: 'address' as const, key: `sign-in:address:${address}`, rule: addressRule(this.limits.attemptsPerAddress) },
      { heldBy: 'account' as const, key: `sign-in:account:${email}`, rule: accountRule(this.limits.attemptsPerAccount) },
      { heldBy: 'pair' as const, key: `sign-in:pair:${address}:${email}`, rule: pairRule(this.limits.freeAttempts) },
    ];
    return knownDevice ? counts.filter((count) => count.heldBy !== 'account') : counts;
  }

  /** Counts the attempt and answers undefined, or answers which count holds it back and for how long. */
  async admit(attempt: SignInAttempt): Promise<SignInRefusal | undefined> {
    for (const count of this.countsOf(attempt)) {
      const waitMs = await this.store.admit(count.key, count.rule);
      if (waitMs > 0) return { waitMs, heldBy: count.heldBy };
    }
    return undefined;
  }

  /** An admitted attempt that ended in our failure (a 5xx, the database out of reach) is not held against the client. */
  async failedOnOurSide(attempt: SignInAttempt): Promise<void> {
    await Promise.all(this.countsOf(attempt).map((count) => this.store.refund(count.key, count.rule)));
  }

  /** The pair's failures are forgotten, and the account's count gives the right password its attempt back. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    for (const count of this.countsOf(attempt)) {
      if (count.heldBy === 'pair') await this.store.clear(count.key);
      if (count.heldBy === 'account') await this.store.refund(count.key, count.rule);
    }
  }
}
