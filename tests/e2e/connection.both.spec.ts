import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, screenshot, signUpOverHttp, uniqueSuffix, userId, type Screen } from './helpers.ts';
import { BetbroServer } from './server.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts): the live connection keeps
// the screen in step with the server whatever happens around it (docs/live-updates.md).

const screenOf = (testInfo: TestInfo): Screen => (testInfo.project.name === 'mobile-chromium' ? PHONE : DESKTOP);

/**
 * A new browser context on `baseURL` (the worker's server unless given) with a freshly
 * signed-up player on the dashboard; `prepare` runs on the context before its first page loads.
 */
async function player(browser: Browser, screen: Screen, name: string, baseURL?: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ ...screen, ...(baseURL ? { baseURL } : {}) });
  await prepare?.(context);
  const page = await context.newPage();
  await signUpOverHttp(page.request, name);
  await page.goto('/');
  await expect(page.getByTestId('current-username')).toContainText(name);
  return page;
}

/** Makes `a` and `b` friends through the API. */
async function befriend(a: Page, b: Page) {
  await api(a, 'POST', '/api/friends', { addresseeId: await userId(b) });
  await api(b, 'POST', `/api/friends/${await userId(a)}/accept`, {});
}

test('a friend request sent while the dashboard loads shows without a reload', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const screen = screenOf(testInfo);
  const id = uniqueSuffix();
  const viewer = await player(browser, screen, `Load_${id}`);
  const friend = await player(browser, DESKTOP, `Asks_${id}`);
  const viewerId = await userId(viewer);
  const banner = viewer.getByText('You have 1 pending friend request');

  // The request is sent 0 to 200 ms after the page has had its answer to "which requests are
  // waiting?", while it is still loading and before or as its live socket opens.
  for (const delayMs of [0, 50, 100, 150, 200]) {
    const requestsRead = viewer.waitForResponse((response) => new URL(response.url()).pathname === '/api/friend-requests');
    await viewer.goto('/', { waitUntil: 'commit' });
    await requestsRead;
    await viewer.waitForTimeout(delayMs);
    await api(friend, 'POST', '/api/friends', { addresseeId: viewerId });
    await expect(banner, `a request sent ${delayMs} ms after the page read its requests`).toBeVisible();
    const withdrawn = await friend.request.delete(`/api/friends/${viewerId}`);
    expect(withdrawn.ok()).toBe(true);
  }
});

/** Where an element is drawn on the page. */
const box = async (page: Page, selector: ReturnType<Page['locator']>) => {
  const found = await selector.boundingBox();
  expect(found, 'drawn').not.toBeNull();
  return found!;
};

/** The notice is seen, inside the window, below the header and, on a phone, above the tab bar. */
async function expectNoticeInPlace(page: Page, notice: ReturnType<Page['locator']>, narrow: boolean) {
  await expect(notice).toBeVisible();
  const viewport = page.viewportSize()!;
  const shown = await box(page, notice);
  const header = await box(page, page.locator('header').first());
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
  if (narrow) {
    const tabs = await box(page, page.getByRole('navigation', { name: 'Tabs' }));
    expect(shown.y + shown.height).toBeLessThanOrEqual(tabs.y + 0.5);
  }
}

// The page's clock is Playwright's (installed before the page loads), so the journey jumps
// over the client's waits between tries instead of sitting through them: it keeps the server away
// past the longest wait (docs/live-updates.md) in a few seconds.
test('when the server is away, the screen says so, then catches up and is live again', async ({ browser, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const screen = screenOf(testInfo);
  const narrow = screen === PHONE;
  // Betbro as `npm start` runs it, on its own port and data directory, to stop and start again.
  const server = await BetbroServer.create();
  try {
    await server.start();
    const id = uniqueSuffix();
    const viewer = await player(browser, screen, `Wait_${id}`, server.url, (context) => context.clock.install());
    const friend = await player(browser, DESKTOP, `Back_${id}`, server.url);
    await befriend(viewer, friend);
    const bet = (title: string) => api<{ id: number }>(viewer, 'POST', '/api/bets', { title, description: 'Staked on after the outage.', options: ['Yes', 'No'], expirationType: 'indefinite' });
    const [early, late] = [`Early ${id}`, `Late ${id}`];
    const earlyBet = await bet(early);
    const lateBet = await bet(late);

    await viewer.goto('/');
    await viewer.getByRole('button', { name: /^Notifications/ }).click();
    await expect(viewer.getByRole('button', { name: 'Mark all read' })).toBeVisible();
    const status = viewer.getByRole('status').filter({ hasText: /Reconnecting…|You're offline/ });

    // Offline, it says so at once; back online, the notice goes.
    await viewer.context().setOffline(true);
    await expect(status).toHaveText("You're offline");
    await expectNoticeInPlace(viewer, status, narrow);
    await viewer.context().setOffline(false);
    await expect(status).toHaveCount(0);

    // The server stops: the screen says it is reconnecting, all along.
    let refusedSockets = 0;
    viewer.on('console', (message) => {
      if (/WebSocket connection to '.*' failed/.test(message.text())) refusedSockets += 1;
    });
    await server.stop();
    await expect(status).toHaveText('Reconnecting…');
    await expectNoticeInPlace(viewer, status, narrow);
    await expectAccessible(viewer, 'the connection notice');
    await screenshot(viewer, `connection-notice-${testInfo.project.name}`);
    if (narrow) {
      await viewer.setViewportSize({ width: 320, height: 640 });
      await expectNoticeInPlace(viewer, status, narrow);
      await screenshot(viewer, 'connection-notice-320');
      await viewer.setViewportSize(PHONE.viewport);
    }
    // No wait between tries is longer than 30 s: each jump of 30 s brings the next try, which the
    // stopped server refuses. Seven refusals take the waits to their longest (1, 2, 4, 8, 16, 30 s)
    // and the outage past a minute and a half.
    await expect
      .poll(
        async () => {
          await viewer.clock.fastForward(30_000);
          return refusedSockets;
        },
        { message: 'tries refused by the stopped server', intervals: [100] },
      )
      .toBeGreaterThanOrEqual(7);
    await expect(status).toHaveText('Reconnecting…');
    await server.start();

    // A stake made before the screen is back is read again once it is; one made after comes live.
    await api(friend, 'POST', `/api/bets/${earlyBet.id}/participate`, { option: 0, amount: '10' });
    // The try that finds the server back comes within the longest wait.
    await expect
      .poll(
        async () => {
          await viewer.clock.fastForward(30_000);
          return status.count();
        },
        { message: 'the notice gone once the server is back', intervals: [250] },
      )
      .toBe(0);
    await expect(viewer.getByText(early, { exact: false })).toBeVisible();
    await api(friend, 'POST', `/api/bets/${lateBet.id}/participate`, { option: 1, amount: '20' });
    await expect(viewer.getByText(late, { exact: false })).toBeVisible();
  } finally {
    await server.dispose();
  }
  // The browser notes each refused socket while the server is away; that is the outage, not the app.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/WebSocket connection to '.*' failed/.test(e)));
});
