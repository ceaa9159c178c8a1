import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, screenshot, signUpOverHttp, uniqueSuffix, userId, type Screen } from './helpers.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts). The moments money moves
// (docs/product.md §4.6, §13.5): a referee resolves through the confirmation that names who gets
// what; a player whose chosen time zone is not the device's reads every time on that clock; a
// toast on a phone leaves the header in sight.

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile-chromium';
const screenOf = (testInfo: TestInfo): Screen => (isPhone(testInfo) ? PHONE : DESKTOP);

/** A new player in a context of its own (its device's time zone `timezoneId` when given), on the dashboard. */
async function player(testInfo: TestInfo, browser: Browser, username: string, timezoneId?: string): Promise<Page> {
  const context = await browser.newContext({ ...screenOf(testInfo), ...(timezoneId ? { timezoneId } : {}) });
  const page = await context.newPage();
  await signUpOverHttp(page.request, username);
  return page;
}

/** Friends over the API: `a` asks, `b` accepts. */
async function befriendOverApi(a: Page, b: Page) {
  await api(a, 'POST', '/api/friends', { addresseeId: await userId(b) });
  await api(b, 'POST', `/api/friends/${await userId(a)}/accept`);
}

test('a referee resolves a bet through the confirmation that names each winner and loser', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const [creator, referee, winner, loser] = await Promise.all([
    player(testInfo, browser, `Host_${id}`),
    player(testInfo, browser, `Ref_${id}`),
    player(testInfo, browser, `Winner_${id}`),
    player(testInfo, browser, `Loser_${id}`),
  ]);
  for (const friend of [referee, winner, loser]) await befriendOverApi(creator, friend);
  const bet = await api<{ id: number }>(creator, 'POST', '/api/bets', {
    title: `Rain on Sunday ${id}?`,
    description: 'Any rain at all in the city.',
    options: ['Rain', 'Dry'],
    expirationType: 'indefinite',
    expirationValue: '',
    resolution: { mode: 'referee', refereeId: await userId(referee) },
  });
  // The referee plays in the dark theme: the confirmation is checked by axe there (the creator's
  // journeys check it in the light one).
  await api(referee, 'PUT', '/api/users/preferences', { theme: 'dark' });
  // The winner's $50.00 profit would lead this week's global leaderboard, which social.spec.ts
  // reads on the same server: they keep out of it, as the chart journey's winner does.
  await api(winner, 'PUT', '/api/users/preferences', { privacy: { showOnLeaderboard: false } });
  await api(winner, 'POST', `/api/bets/${bet.id}/participate`, { option: 0, amount: '25.00' });
  await api(loser, 'POST', `/api/bets/${bet.id}/participate`, { option: 1, amount: '50.00' });

  await referee.goto(`/bets/${bet.id}`);
  await expect(referee.getByText(`Rain on Sunday ${id}?`, { exact: true }).first()).toBeVisible();
  await expect(referee.getByTestId('decider-badge')).toHaveText(`Referee: Ref_${id}`);
  const panel = referee.getByRole('region', { name: 'Resolve this bet' });
  await panel.getByLabel('Rain', { exact: true }).check();
  await panel.getByRole('button', { name: 'Resolve Bet' }).click();

  // Nothing has moved yet: the confirmation says who gets what, by the settlement's rule.
  const confirmation = referee.getByRole('alertdialog', { name: 'Rain won?' });
  await expect(confirmation.getByRole('list', { name: 'Winners' })).toHaveText(`Winner_${id} gets $75.00 — $50.00 profit`);
  await expect(confirmation.getByRole('list', { name: 'Losers' })).toHaveText(`Loser_${id} loses $50.00`);
  await expect(referee.locator('html')).toHaveClass(/dark/);
  await expectAccessible(referee, 'the resolve confirmation (dark)');
  await screenshot(referee, `resolve-confirmation-${testInfo.project.name}`);
  expect((await api<{ status: string }>(referee, 'GET', `/api/bets/${bet.id}`)).status).toBe('active');
  await confirmation.getByRole('button', { name: 'Pay out' }).click();
  await expect(referee.getByText('Resolved: Rain won.')).toBeVisible();

  await winner.goto(`/bets/${bet.id}`);
  await expect(winner.getByText('You won $75.00 — $50.00 profit')).toBeVisible();
  await Promise.all([creator, referee, winner, loser].map((page) => page.context().close()));
});

/** A moment as every screen and server sentence says a day and a time, on the Tokyo clock. */
const inTokyo = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' });
/** The three-hour band of the Tokyo day a moment falls in, as insights word it: "09:00 PM-12:00 AM". */
function tokyoBand(at: number): string {
  const hour = Number(new Date(at).toLocaleString('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Tokyo' })) % 24;
  const words = ['12:00 AM', '03:00 AM', '06:00 AM', '09:00 AM', '12:00 PM', '03:00 PM', '06:00 PM', '09:00 PM', '12:00 AM'];
  const band = Math.floor(hour / 3);
  return `${words[band]}-${words[band + 1]}`;
}

test("a player whose chosen time zone is not the device's reads the same time on the bet page, the notification and insights", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  // The device says New York; the player chose Tokyo. Their friend hosts a jury bet (three
  // possible jurors at least) and a plain one.
  const [page, host, juror1, juror2] = await Promise.all([
    player(testInfo, browser, `Clock_${id}`, 'America/New_York'),
    player(testInfo, browser, `ClockHost_${id}`),
    player(testInfo, browser, `ClockJ1_${id}`),
    player(testInfo, browser, `ClockJ2_${id}`),
  ]);
  await api(page, 'PUT', '/api/users/preferences', { timeZone: 'Asia/Tokyo' });
  for (const friend of [page, juror1, juror2]) await befriendOverApi(host, friend);
  const bet = await api<{ id: number; expiresAt: string }>(page, 'POST', '/api/bets', {
    title: `Deadline ${id}`,
    description: 'When does it end?',
    options: ['Soon', 'Later'],
    expirationType: 'time',
    expirationValue: '30',
  });
  await page.goto(`/bets/${bet.id}`);
  await expect(page.getByText(`Ends ${inTokyo(bet.expiresAt)}`, { exact: true })).toBeVisible();

  // A proposed result's deadline: on the bet's page and in the notification the server words.
  const jury = await api<{ id: number }>(host, 'POST', '/api/bets', {
    title: `Jury clock ${id}`,
    description: 'Decided by the friends.',
    options: ['Soon', 'Later'],
    expirationType: 'indefinite',
    expirationValue: '',
    resolution: { mode: 'jury' },
  });
  await api(page, 'POST', `/api/bets/${jury.id}/participate`, { option: 1, amount: '10.00' });
  const proposed = await api<{ resolution: { challengeEndsAt: string } }>(host, 'POST', `/api/bets/${jury.id}/resolve`, { winningOption: 0 });
  const until = inTokyo(proposed.resolution.challengeEndsAt);
  await page.goto(`/bets/${jury.id}`);
  await expect(page.getByTestId('jury-status').getByRole('status')).toHaveText(`Result proposed: Soon, dispute until ${until}`);
  await page.goto('/notifications');
  await expect(page.getByText(`"Soon" is proposed as the result of "Jury clock ${id}". Dispute it until ${until}.`, { exact: true })).toBeVisible();
  const told = await api<{ notifications: { type: string; body: string }[] }>(page, 'GET', '/api/notifications');
  expect(told.notifications.find((n) => n.type === 'bet_proposed')?.body).toBe(`"Soon" is proposed as the result of "Jury clock ${id}". Dispute it until ${until}.`);

  // A win's stake, counted in the band of the player's own (Tokyo) day.
  const won = await api<{ id: number }>(host, 'POST', '/api/bets', {
    title: `Won at night ${id}`,
    description: 'A win to learn from.',
    options: ['Yes', 'No'],
    expirationType: 'indefinite',
    expirationValue: '',
  });
  const before = Date.now();
  await api(page, 'POST', `/api/bets/${won.id}/participate`, { option: 0, amount: '5.00' });
  const after = Date.now();
  await api(host, 'POST', `/api/bets/${won.id}/resolve`, { winningOption: 0 });
  // The stake was placed between two readings of the clock; a band edge between them is allowed for.
  const bands = [...new Set([tokyoBand(before), tokyoBand(after)])];
  await page.goto('/insights');
  const best = page.getByText(/^\d\d:00 [AP]M-\d\d:00 [AP]M$/);
  await expect(best).toBeVisible();
  expect(bands).toContain(await best.textContent());
  await expect(page.getByText(`1 of your 1 win came from stakes placed between ${(await best.textContent())!.replace('-', ' and ')}.`)).toBeVisible();

  // Settings says the device is on another clock, and offers it.
  await page.goto('/settings');
  const picker = page.getByTestId('time-zone-picker');
  await expect(picker).toContainText('Your clock: Asia/Tokyo');
  await expect(picker.getByRole('status')).toContainText('This device is on America/New York');
  await expectAccessible(page, 'the time zone picker');
  await Promise.all([page, host, juror1, juror2].map((p) => p.context().close()));
});

test('a toast leaves the header in sight', async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  const page = await player(testInfo, browser, `Toast_${uniqueSuffix()}`);
  await page.goto('/settings');
  await page.getByText('Dark', { exact: true }).first().click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Theme updated' });
  await expect(toast).toBeVisible();
  // The narrow frame's header (title, balance, bell), or the desktop's top bar with the bell.
  const header = isPhone(testInfo) ? page.locator('header').filter({ has: page.getByTestId('view-title') }) : page.locator('header').filter({ has: page.getByRole('button', { name: 'Logout' }) });
  const headerBox = await header.boundingBox();
  expect(headerBox).not.toBeNull();
  // Once it has slid in (sonner moves it down from above the screen), it sits below the header.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  await screenshot(page, `toast-clear-of-header-${testInfo.project.name}`);
  await page.context().close();
});
