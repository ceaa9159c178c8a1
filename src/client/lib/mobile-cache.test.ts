import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { MOBILE_GC_MS, MOBILE_QUERY_DEFAULTS, MOBILE_STALE_MS, mobileRetry } from './mobile-cache.ts';

const apiError = (status: number) => new ApiError(status, 'x', null, null);

describe('mobile cache settings (docs/product.md §13.9)', () => {
  it('keeps data fresh 45 s and cached 3 min, without focus refetches or mutation retries', () => {
    expect(MOBILE_STALE_MS).toBe(45_000);
    expect(MOBILE_GC_MS).toBe(180_000);
    expect(MOBILE_QUERY_DEFAULTS.queries).toMatchObject({ staleTime: 45_000, gcTime: 180_000, refetchOnWindowFocus: false });
    expect(MOBILE_QUERY_DEFAULTS.mutations).toMatchObject({ retry: false });
  });

  it('retries a failed read once', () => {
    expect(mobileRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(mobileRetry(1, new TypeError('Failed to fetch'))).toBe(false);
    expect(mobileRetry(0, apiError(500))).toBe(true);
    expect(mobileRetry(0, apiError(503))).toBe(true);
    expect(mobileRetry(1, apiError(503))).toBe(false);
  });

  it('never retries a refusal (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 499]) expect(mobileRetry(0, apiError(status))).toBe(false);
  });
});
