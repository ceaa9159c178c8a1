import { Redis } from 'ioredis';

/** Opens the shared Redis connection used when several instances must act as one (docs/scaling.md). */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    // Keep retrying in the background; /readyz reports the outage meanwhile.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
