import { Redis } from 'ioredis';

/** Counts failed sign-ins per key within a window; shared across instances when Redis is configured. */
export interface AttemptCounter {
  count(key: string): Promise<number>;
  add(key: string, windowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounter(now: () => number = Date.now): AttemptCounter {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async add(key, windowMs) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async clear(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export function createRedisCounter(url: string, prefix = 'storefront:login-failures:'): AttemptCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async add(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[null, number]];
      return count;
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export interface ThrottlePolicy {
  windowMs: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
}

export const LOGIN_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60 * 1000, maxFailuresPerEmail: 5, maxFailuresPerIp: 30 };

export class LoginThrottle {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly policy: ThrottlePolicy = LOGIN_THROTTLE,
  ) {}

  /** The refusal message when this email or address has failed too often, else undefined. */
  async refusal(email: string, ip: string): Promise<string | undefined> {
    const [byEmail, byIp] = await Promise.all([this.counter.count(`email:${email}`), this.counter.count(`ip:${ip}`)]);
    if (byEmail >= this.policy.maxFailuresPerEmail || byIp >= this.policy.maxFailuresPerIp) {
      const minutes = Math.round(this.policy.windowMs / 60_000);
      return `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;
    }
    return undefined;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.counter.add(`email:${email}`, this.policy.windowMs),
      this.counter.add(`ip:${ip}`, this.policy.windowMs),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.counter.clear(`email:${email}`);
  }

  close(): Promise<void> {
    return this.counter.close();
  }
}
