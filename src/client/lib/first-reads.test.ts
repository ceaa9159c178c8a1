import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, startFirstRead } from './api.ts';
import { READ_PATHS, commonDashboardReads, dashboardReads, firstScreenAt } from '../../shared/first-screen.ts';
import { readsAtStart, takeFirstRead } from './first-reads.ts';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function stubFetch(respond: (path: string) => Response | Promise<Response> = (path) => answer({ path })) {
  const fetchMock = vi.fn((path: string, _init?: RequestInit) => Promise.resolve(respond(path)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pathSchema = z.object({ path: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('first reads', () => {
  it('serves the first matching GET from the early answer, and only the first', async () => {
    const fetchMock = stubFetch();
    startFirstRead('/api/first-a');
    startFirstRead('/api/first-a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The start-up read is the only one a first-screen hint's preload (crossorigin, anonymous)
    // can answer: it asks with 'same-origin', which sends our cookies all the same.
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
    expect(await apiRequest('GET', '/api/first-a', pathSchema)).toEqual({ path: '/api/first-a' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A refetch asks the server again, in a way no preload answers: never an answer from the page load.
    await apiRequest('GET', '/api/first-a', pathSchema);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ credentials: 'include' });
  });

  it('starts no early read of a path the app has already read: a later read never gets an old answer', async () => {
    // The screen came before "who am I?" had answered, and read its data itself.
    let served = 0;
    const fetchMock = stubFetch((path) => answer({ path: `${path}#${(served += 1)}` }));
    expect(await apiRequest('GET', '/api/first-z', pathSchema)).toEqual({ path: '/api/first-z#1' });
    startFirstRead('/api/first-z');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The refetch after a live event asks the server now.
    expect(await apiRequest('GET', '/api/first-z', pathSchema)).toEqual({ path: '/api/first-z#2' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('serves only the same path, and no write', async () => {
    const fetchMock = stubFetch();
    startFirstRead('/api/first-b');
    await apiRequest('GET', '/api/first-b?limit=1', pathSchema);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takeFirstRead('/api/first-b')).toBeDefined();
  });

  it('forgets every untaken read after a write, whose answer they may predate', async () => {
    const fetchMock = stubFetch();
    startFirstRead('/api/first-e');
    await apiRequest('POST', '/api/bets/1/participate', pathSchema, { option: 0, amount: '5.00' });
    await apiRequest('GET', '/api/first-e', pathSchema);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('drops an answer nobody took within ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = stubFetch();
    startFirstRead('/api/first-c');
    vi.setSystemTime(Date.now() + 10_001);
    await apiRequest('GET', '/api/first-c', pathSchema);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takeFirstRead('/api/first-c')).toBeUndefined();
  });

  it('reports a failed early read to whoever takes it, and to nobody else', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    startFirstRead('/api/first-d');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(apiRequest('GET', '/api/first-d', pathSchema)).rejects.toThrow('offline');
  });

  it("asks for what each layout's dashboard reads", () => {
    expect(dashboardReads({ role: 'user' }, 'mobile')).toEqual([
      READ_PATHS.bets.friends,
      READ_PATHS.myCrews,
      READ_PATHS.friendRequests,
      READ_PATHS.notifications,
      READ_PATHS.preferences,
    ]);
    expect(dashboardReads({ role: 'admin' }, 'mobile')[0]).toBe(READ_PATHS.bets.all);
    expect(dashboardReads({ role: 'user' }, 'desktop')).toContain(READ_PATHS.bets.mine);
  });

  it("starts, on either layout, every read the server names in the dashboard's Link header", () => {
    // Each answer the browser fetched ahead is taken at start-up, never by a later query: on the
    // dashboard's address whatever view a phone reloads on, as the server hints only there.
    for (const role of ['user', 'admin'] as const) {
      for (const layout of ['mobile', 'desktop'] as const) {
        const player = { role, username: 'hinted' };
        expect(readsAtStart(player, '/', layout)).toEqual(expect.arrayContaining(commonDashboardReads(player)));
        // A bet's page, where a shared link lands: its detail, timeline and discussion, and the frame's reads.
        expect(readsAtStart(player, '/bets/7', layout)).toEqual(firstScreenAt('/bets/7')!.reads(player));
        expect(readsAtStart(player, '/bets/7', layout)).toEqual([
          READ_PATHS.bet(7),
          READ_PATHS.betTimeline(7),
          READ_PATHS.betComments(7),
          READ_PATHS.friendRequests,
          READ_PATHS.notifications,
          READ_PATHS.preferences,
        ]);
        // A crew's page, where an invite or a friend's message lands: the crew, my crews, the tab's own.
        expect(readsAtStart(player, '/crews/3/standings', layout)).toEqual([
          READ_PATHS.crew(3),
          READ_PATHS.myCrews,
          READ_PATHS.crew(3, '/standings'),
          READ_PATHS.crew(3, '/seasons'),
          READ_PATHS.friendRequests,
          READ_PATHS.notifications,
          READ_PATHS.preferences,
        ]);
        expect(readsAtStart(player, '/crews/3', layout)).toEqual(expect.arrayContaining([READ_PATHS.crew(3), READ_PATHS.bets.crew(3)]));
        expect(readsAtStart(player, '/friends', layout)).toEqual([]);
        expect(readsAtStart(player, '/bets/7/edit', layout)).toEqual([]);
      }
    }
    // The server names none for these either.
    expect(readsAtStart(null, '/', 'mobile')).toEqual([]);
    expect(readsAtStart({ role: 'user', username: 'user_0a1b2c3d4e' }, '/', 'mobile')).toEqual([]);
  });
});
