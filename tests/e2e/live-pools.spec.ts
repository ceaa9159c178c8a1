import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { allOdds, formatOdds } from '../../src/shared/odds.ts';
import { formatDollars } from '../../src/shared/money.ts';
import { api, newUser, signUpOverHttp, uniqueSuffix, userId } from './helpers.ts';

// A stake's live bet_updated carries the bet's pools: the page patches every card and page that
// shows the bet, and asks the server for no bet list again, nor, on a bet among friends, for any
// crew (app/use-live-updates.ts).

/** The bet lists the client reads: the feeds, mine, a crew's. A bet's own detail is not a list. */
const isBetList = (request: Request) => {
  const { pathname } = new URL(request.url());
  return request.method() === 'GET' && ['/api/bets', '/api/bets/friends', '/api/my-bets'].includes(pathname);
};

/** The crew reads: my crews, a crew, its standings and bets. */
const isCrewRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/crews');

/** Resolves once the page's live socket has been answered: from then on, the page hears every event. */
const socketLive = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"auth_ok"')) resolve();
      });
    });
  });

test("ten stakes move the odds on a dashboard and a bet page, and no bet list or crew is read again", async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const alice = await newUser(browser, `Alice_${id}`);
  const bob = await newUser(browser, `Bob_${id}`);
  await api(bob, 'POST', '/api/friends', { addresseeId: await userId(alice) });
  await api(alice, 'POST', `/api/friends/${await userId(bob)}/accept`, {});
  const bobId = await userId(bob);
  // Ten friends of Bob's, each only an HTTP client, stake on his bet; Alice watches.
  const stakers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const context = await browser.newContext();
      await signUpOverHttp(context.request, `Stk${i}_${id}`);
      const me = (await (await context.request.get('/api/auth/user')).json()) as { id: number };
      expect((await context.request.post('/api/friends', { data: { addresseeId: bobId } })).ok()).toBe(true);
      await api(bob, 'POST', `/api/friends/${me.id}/accept`, {});
      return context.request;
    }),
  );
  const betTitle = `Derby ${id}`;
  const bet = await api<{ id: number }>(bob, 'POST', '/api/bets', {
    title: betTitle,
    description: 'Saturday, three o’clock kick-off.',
    options: ['Home', 'Away'],
    expirationType: 'indefinite',
  });

  // Alice's dashboard shows Bob's bet, and a second tab the bet's page: both sockets live, their
  // first reads done.
  const dashboard = alice;
  const betPage = await alice.context().newPage();
  const live = [socketLive(dashboard), socketLive(betPage)];
  await dashboard.goto('/');
  await betPage.goto(`/bets/${bet.id}`);
  const card = dashboard.getByTestId('bet-card').filter({ hasText: betTitle });
  await expect(card.getByTestId('odds-1')).toHaveText('1.0:1');
  await expect(betPage.getByRole('heading', { name: betTitle })).toBeVisible();
  await Promise.all(live);
  await dashboard.waitForLoadState('networkidle');
  await betPage.waitForLoadState('networkidle');

  const listReads: string[] = [];
  for (const page of [dashboard, betPage]) {
    page.on('request', (request) => {
      if (isBetList(request) || isCrewRead(request)) listReads.push(request.url());
    });
  }

  const pools = [0, 0];
  for (const [i, staker] of stakers.entries()) {
    const option = i % 3 === 2 ? 0 : i % 2;
    const dollars = 10 + i * 5;
    expect((await staker.post(`/api/bets/${bet.id}/participate`, { data: { option, amount: String(dollars) } })).ok()).toBe(true);
    pools[option] = pools[option]! + dollars * 100;
    const odds = allOdds(pools).map(formatOdds);
    const pool = `Pool ${formatDollars(pools[0]! + pools[1]!)}`;
    for (const scope of [card, betPage.getByRole('main')]) {
      await expect(scope.getByTestId('odds-0')).toHaveText(odds[0]!);
      await expect(scope.getByTestId('odds-1')).toHaveText(odds[1]!);
    }
    await expect(card.getByTestId('total-pool')).toHaveText(pool);
    await expect(card.getByTestId('participants')).toHaveText(i === 0 ? '1 participant' : `${i + 1} participants`);
  }

  // A request each page sends after the last event was handled: any read it caused went out before.
  for (const page of [dashboard, betPage]) {
    const marker = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/user');
    await page.evaluate(() => fetch('/api/auth/user', { credentials: 'same-origin' }));
    await marker;
  }
  expect(listReads, 'bet lists or crews read again after the stakes').toEqual([]);
});
