import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UnreachableError } from './api.ts';
import { keepFirstRead, takeFirstRead } from './first-reads.ts';
import { QUIET_MARGIN_MS, createDesktopQueryClient, quietSincePageStart, readAgainSince } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** A query shown on screen (an observer), whose reads are counted. */
function shown(queryClient: QueryClient, key: string, answer: () => Promise<string>) {
  const queryFn = vi.fn(answer);
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

const settled = (queryClient: QueryClient) => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading again once the live socket hears everything', () => {
  it('reads again only what was read before the socket went live, leaving reads under way to finish', async () => {
    const queryClient = createDesktopQueryClient();
    const liveAt = Date.now();
    queryClient.setQueryData(['before'], 'old', { updatedAt: liveAt - 50 });
    queryClient.setQueryData(['after'], 'new', { updatedAt: liveAt + 5 });
    queryClient.setQueryData(['not shown'], 'old', { updatedAt: liveAt - 50 });
    const before = shown(queryClient, 'before', async () => 'fresh');
    const after = shown(queryClient, 'after', async () => 'fresh');
    let finish: (value: string) => void = () => {};
    const underWay = shown(queryClient, 'under way', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(before.queryFn).not.toHaveBeenCalled();
    expect(underWay.queryFn).toHaveBeenCalledTimes(1);

    await readAgainSince(queryClient, liveAt).then(() => undefined, () => undefined);
    finish('answer');
    await settled(queryClient);

    expect(before.queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['before'])).toBe('fresh');
    expect(after.queryFn).not.toHaveBeenCalled();
    expect(underWay.queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['under way'])).toBe('answer');
    // Not on screen: read again when it next is.
    expect(queryClient.getQueryState(['not shown'])?.isInvalidated).toBe(true);
    for (const query of [before, after, underWay]) query.unsubscribe();
  });

  it('leaves a read the server refused refused, and reads again one that never reached it', async () => {
    const queryClient = createDesktopQueryClient();
    const observe = (key: string, error: Error) => {
      const queryFn = vi.fn(() => Promise.reject(error));
      const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn, retry: false });
      return { queryFn, unsubscribe: observer.subscribe(() => {}) };
    };
    const refused = observe('refused', new ApiError(404, '{"error":"Bet not found","code":"not_found"}', 'Bet not found', 'not_found'));
    const unreachable = observe('unreachable', new UnreachableError(new TypeError('Failed to fetch')));
    await settled(queryClient);
    expect(refused.queryFn).toHaveBeenCalledTimes(1);
    expect(unreachable.queryFn).toHaveBeenCalledTimes(1);

    await readAgainSince(queryClient, Date.now()).then(() => undefined, () => undefined);
    await settled(queryClient);
    expect(refused.queryFn).toHaveBeenCalledTimes(1);
    expect(unreachable.queryFn).toHaveBeenCalledTimes(2);
    refused.unsubscribe();
    unreachable.unsubscribe();
  });

  it('forgets early reads nobody has taken: their answers are older than the socket', async () => {
    const queryClient = createDesktopQueryClient();
    keepFirstRead('/api/early', () => Promise.resolve(new Response('[]')));
    await readAgainSince(queryClient, Date.now());
    expect(takeFirstRead('/api/early')).toBeUndefined();
  });

  it('reads again only the friends list and what came before the page when nothing was sent since it began', async () => {
    const queryClient = createDesktopQueryClient();
    const pageStart = Date.now() - 2_000;
    const liveAt = Date.now();
    queryClient.setQueryData(['stored sign-in'], 'old', { updatedAt: pageStart - 1 });
    queryClient.setQueryData(['dashboard'], 'read', { updatedAt: pageStart + 100 });
    queryClient.setQueryData(queryKeys.friends.list, 'online dots', { updatedAt: pageStart + 100 });
    queryClient.setQueryData(queryKeys.friends.requests, 'requests', { updatedAt: pageStart + 100 });
    const stored = shown(queryClient, 'stored sign-in', async () => 'fresh');
    const dashboard = shown(queryClient, 'dashboard', async () => 'fresh');
    keepFirstRead('/api/early-on-a-quiet-page', () => Promise.resolve(new Response('[]')));

    await readAgainSince(queryClient, liveAt, liveAt - pageStart + QUIET_MARGIN_MS, pageStart);
    await settled(queryClient);

    expect(stored.queryFn).toHaveBeenCalledTimes(1);
    expect(dashboard.queryFn).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(queryKeys.friends.list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.friends.requests)?.isInvalidated).toBe(false);
    // Its answer is as current as the page: a screen may still take it.
    expect(takeFirstRead('/api/early-on-a-quiet-page')).toBeDefined();
    for (const query of [stored, dashboard]) query.unsubscribe();
  });

  it('reads again everything from before the live moment when something was sent since the page began', async () => {
    const queryClient = createDesktopQueryClient();
    const pageStart = Date.now() - 2_000;
    const liveAt = Date.now();
    queryClient.setQueryData(['dashboard'], 'read', { updatedAt: pageStart + 100 });
    const dashboard = shown(queryClient, 'dashboard', async () => 'fresh');

    await readAgainSince(queryClient, liveAt, liveAt - pageStart + QUIET_MARGIN_MS - 1, pageStart);
    await settled(queryClient);

    expect(dashboard.queryFn).toHaveBeenCalledTimes(1);
    dashboard.unsubscribe();
  });

  it.each<[string, number | null, boolean]>([
    ['not known', null, false],
    ['sent during the page', 500, false],
    ['sent just before the page, inside the margin', 2_000 + QUIET_MARGIN_MS - 1, false],
    ['sent before the page and the margin', 2_000 + QUIET_MARGIN_MS, true],
  ])('calls a page quiet only when nothing was sent for its whole age and a margin: %s', (_, quietForMs, quiet) => {
    expect(quietSincePageStart(12_000, quietForMs, 10_000)).toBe(quiet);
  });
});
