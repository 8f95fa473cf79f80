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

export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  return {
    async admit(key, rule) {
      const wait = await redis.eval(ADMIT_SCRIPT, 1, prefix + key, rule.free, rule.firstDelayMs, rule.maxDelayMs, rule.windowMs);
      return Number(wait);
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
 * Sign-in throttling: every attempt is counted before the password is checked, per email and address
 * pair (growing delay, forgotten on success) and per address (a cap on every attempt in 15 minutes).
 */
export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: { freeAttempts: number; attemptsPerAddress: number },
  ) {}

  /** Counts the attempt and answers 0, or answers how many ms to wait before trying again. */
  async admit(email: string, address: string): Promise<number> {
    const byAddress = await this.store.admit(`sign-in:address:${address}`, addressRule(this.limits.attemptsPerAddress));
    if (byAddress > 0) return byAddress;
    return this.store.admit(`sign-in:pair:${address}:${email}`, pairRule(this.limits.freeAttempts));
  }

  succeeded(email: string, address: string): Promise<void> {
    return this.store.clear(`sign-in:pair:${address}:${email}`);
  }
}
