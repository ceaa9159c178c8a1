import type { Redis } from 'ioredis';

/**
 * Fixed-window counters: in process by default, in Redis when several instances must share
 * them (docs/scaling.md). A hit is one atomic increment-and-check, counted before the work it guards:
 * requests sent at once cannot all pass a check that only some of them fit.
 */
export interface RateLimiter {
  /** Counts one hit on `key`; says whether it is still within `limit` hits per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Forgets a key, e.g. the sign-in counter of an email and IP after a successful sign-in. */
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
    async reset(key) {
      windows.delete(key);
    },
  };
}

// Increment, start the window on the first hit, and read what is left of it: one script, so no
// other instance's hit falls between the steps and no key is left without an expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type RedisWithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const scripted = redis as RedisWithHit;
  return {
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = await scripted.rateLimitHit(`${prefix}rl:${key}`, windowSeconds * 1000);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
  };
}
