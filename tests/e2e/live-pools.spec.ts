import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, newUser, uniqueSuffix, userId } from './helpers.ts';

// A stake's live bet_updated carries the bet's pools: the page patches every card that shows the
// bet and asks the server for no bet list again (app/use-live-updates.ts).

/** The bet lists the client reads: the feeds, mine, a crew's. A bet's own detail is not a list. */
const isBetList = (request: Request) => {
  const { pathname } = new URL(request.url());
  return request.method() === 'GET' && ['/api/bets', '/api/bets/friends', '/api/my-bets'].includes(pathname);
};

/** Resolves once the page's live socket has been answered: from then on, the page hears every event. */
const socketLive = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"auth_ok"')) resolve();
      });
    });
  });

test("a friend's stake moves the odds on the dashboard without reading any bet list again", async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueSuffix();
  const alice = await newUser(browser, `Alice_${id}`);
  const bob = await newUser(browser, `Bob_${id}`);
  const cat = await newUser(browser, `Cat_${id}`);
  // Three friends: Bob makes a bet, Cat stakes on it, Alice watches.
  for (const [a, b] of [
    [bob, alice],
    [cat, alice],
    [cat, bob],
  ] as const) {
    await api(a, 'POST', '/api/friends', { addresseeId: await userId(b) });
    await api(b, 'POST', `/api/friends/${await userId(a)}/accept`, {});
  }
  const betTitle = `Derby ${id}`;
  const bet = await api<{ id: number }>(bob, 'POST', '/api/bets', {
    title: betTitle,
    description: 'Saturday, three o’clock kick-off.',
    options: ['Home', 'Away'],
    expirationType: 'indefinite',
  });

  // Alice's dashboard shows Bob's bet, its socket live and its first reads done.
  const live = socketLive(alice);
  await alice.goto('/');
  const card = alice.getByTestId('bet-card').filter({ hasText: betTitle });
  await expect(card.getByTestId('odds-1')).toHaveText('1.0:1');
  await live;
  await alice.waitForLoadState('networkidle');

  const listReads: string[] = [];
  alice.on('request', (request) => {
    if (isBetList(request)) listReads.push(request.url());
  });

  await api(cat, 'POST', `/api/bets/${bet.id}/participate`, { option: 0, amount: '30' });
  await expect(card.getByTestId('odds-1')).toHaveText('∞');
  await expect(card.getByTestId('odds-0')).toHaveText('1.0:1');
  await expect(card.getByTestId('total-pool')).toHaveText('Pool $30.00');
  await expect(card.getByTestId('participants')).toHaveText('1 participant');

  // A request the page sends after the event was handled: any list read it caused went out before.
  const marker = alice.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/user');
  await alice.evaluate(() => fetch('/api/auth/user', { credentials: 'same-origin' }));
  await marker;
  expect(listReads, 'bet lists read again after the stake').toEqual([]);
});
