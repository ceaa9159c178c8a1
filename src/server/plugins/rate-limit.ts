import type { Redis } from 'ioredis';

/**
 * Fixed-window counters: in process by default, in Redis when several instances must share
 * them (DESIGN §2).
 */
export interface RateLimiter {
  /** Counts one hit on `key`; says whether it is still within `limit` hits per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** How many hits `key` has in its current window, without counting one. */
  peek(key: string): Promise<number>;
  /** Forgets a key, e.g. the failed-login counter after a successful sign-in. */
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowSeconds * 1000 };
        windows.set(key, window);
        if (windows.size > 100_000) {
          for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        }
      }
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? window.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const redisKey = `${prefix}rl:${key}`;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(redisKey)
        .pttl(redisKey)
        .exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(redisKey, windowSeconds * 1000);
      const retryAfterMs = ttl > 0 ? ttl : windowSeconds * 1000;
      return { allowed: count <= limit, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
  };
}
