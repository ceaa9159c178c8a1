import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, adminPage, api, newUser, screenshot, uniqueSuffix, userId, type Screen } from './helpers.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts): invite links a player can
// manage after a reload, one count of active bets on every screen, and the keyboard's way in.

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile-chromium';
const screenOf = (testInfo: TestInfo): Screen => (isPhone(testInfo) ? PHONE : DESKTOP);

test('invite links: two made, both listed after a reload, one copied, one revoked', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const page = await newUser(browser, `Links_${uniqueSuffix()}`, undefined, screenOf(testInfo));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/friends');
  const create = page.getByRole('button', { name: 'Create invite link' });
  await create.click();
  await expect(page.getByRole('heading', { name: '1 active link' })).toBeVisible();
  await create.click();
  await expect(page.getByRole('heading', { name: '2 active links' })).toBeVisible();
  // Newest first.
  const newer = await page.getByLabel('Invite link 1').inputValue();
  const older = await page.getByLabel('Invite link 2').inputValue();
  expect(newer).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  expect(older).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  expect(newer).not.toBe(older);

  await page.reload();
  await expect(page.getByRole('heading', { name: '2 active links' })).toBeVisible();
  await expect(page.getByLabel('Invite link 1')).toHaveValue(newer);
  await expect(page.getByLabel('Invite link 2')).toHaveValue(older);
  await screenshot(page, `invite-links-${testInfo.project.name}`);

  await page.getByRole('button', { name: 'Copy invite link 2' }).click();
  await expect(page.getByText('Invite link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(older);
  // On a phone the toast sits just below the header, where the next button may be scrolled to: put away first.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText('Invite link copied')).toBeHidden();

  await page.getByRole('button', { name: 'Revoke invite link 1' }).click();
  await expect(page.getByText('Invite revoked')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 active link' })).toBeVisible();
  await expect(page.getByLabel('Invite link 1')).toHaveValue(older);
  expect((await page.request.get(`/api/invites/${newer.split('/').pop()}`)).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { name: '1 active link' })).toBeVisible();
  await expect(page.getByLabel('Invite link 1')).toHaveValue(older);

  // The inviter opening their own link is told so, and offered nothing to accept.
  await page.goto(older);
  await expect(page.getByRole('heading', { name: 'This is your invite link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept invite' })).toHaveCount(0);
  await page.context().close();
});

/** The text of the Active Bets figure a screen shows, by its test id. */
const figure = (page: Page, testId: string) => page.getByTestId(testId);

test('a player with an expired bet: profile, dashboard, My Bets and the admin count the same active bets', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const phone = isPhone(testInfo);
  const id = uniqueSuffix();
  const player = await newUser(browser, `Count_${id}`, undefined, screenOf(testInfo));
  const mate = await newUser(browser, `Mate_${id}`);
  await api(player, 'POST', '/api/friends', { addresseeId: await userId(mate) });
  await api(mate, 'POST', `/api/friends/${await userId(player)}/accept`, {});

  // Two active bets (one made, one staked on) and one that expires in a few seconds.
  const bet = (title: string, extra: Record<string, unknown> = {}) => ({ title, description: 'Counted everywhere', category: 'Sports', options: ['Yes', 'No'], ...extra });
  await api(player, 'POST', '/api/bets', bet(`Open ${id}`));
  const mates = await api<{ id: number }>(mate, 'POST', '/api/bets', bet(`Staked ${id}`));
  await api(player, 'POST', `/api/bets/${mates.id}/participate`, { option: 0, amount: '10' });
  const endsAt = new Date(Date.now() + 2_000);
  const lapsing = await api<{ id: number }>(player, 'POST', '/api/bets', bet(`Lapsing ${id}`, { expirationType: 'date', expirationValue: endsAt.toISOString() }));
  await expect.poll(async () => (await api<{ isExpired: boolean }>(player, 'GET', `/api/bets/${lapsing.id}`)).isExpired, { message: 'the lapsing bet expired' }).toBe(true);

  await player.goto('/profile');
  await expect(figure(player, 'profile-active-bets')).toHaveText('2');
  if (!phone) await expect(player.getByRole('listitem').filter({ hasText: `Lapsing ${id}` })).toContainText('Expired');

  await player.goto('/');
  if (phone) {
    // The phone's dashboard lists only what is active among its recent bets.
    await expect(player.getByRole('heading', { name: `Open ${id}` })).toBeVisible();
    await expect(player.getByRole('heading', { name: `Staked ${id}` })).toBeVisible();
    await expect(player.getByRole('heading', { name: `Lapsing ${id}` })).toHaveCount(0);
  } else {
    await expect(figure(player, 'stat-active-bets')).toHaveText('2');
  }

  await player.goto('/my-bets');
  await expect(player.getByText('2 active · 0 resolved · 1 expired')).toBeVisible();
  if (!phone) await expect(player.getByRole('tab', { name: 'Active (2)' })).toBeVisible();

  // The admin's platform count and the admin's list agree with each other, bet by bet.
  const admin = await adminPage(browser, screenOf(testInfo));
  await admin.goto('/admin');
  const row = admin.getByTestId('admin-bet').filter({ hasText: `Lapsing ${id}` });
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  const listed = await admin.getByTestId('admin-bet').filter({ has: admin.getByText('Active', { exact: true }) }).count();
  await expect(figure(admin, 'admin-active-bets')).toHaveText(String(listed));
  // The platform's count covers every bet; the list shows the newest 100, all of them in a journey run.
  expect(await admin.getByTestId('admin-bet').count()).toBeLessThan(100);
  await expect(admin.getByText(new RegExp(`^${listed} active bets?$`))).toBeVisible();
  await screenshot(admin, `admin-counts-${testInfo.project.name}`);

  // The chart of a bet with a stake is a picture, not an unnamed tab stop.
  await player.goto(`/bets/${mates.id}`);
  // Below the fold on a phone, it loads as the player scrolls to it.
  await player.getByRole('heading', { name: 'Odds over time' }).scrollIntoViewIfNeeded();
  const chart = player.getByRole('img', { name: 'Share of the pot over time' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('[tabindex]:not([tabindex="-1"])')).toHaveCount(0);
  await Promise.all([player.context().close(), mate.context().close(), admin.context().close()]);
});

test('the first tab stop skips to the screen, and a tab panel shows when it has the focus', async ({ browser }, testInfo) => {
  const page = await newUser(browser, `Keys_${uniqueSuffix()}`, undefined, screenOf(testInfo));
  await page.goto('/profile');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('Tab');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toBeFocused();
  expect(await panel.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

  if (isPhone(testInfo)) {
    // On the narrowest phones every tab of the bottom bar still shows its whole name.
    await page.setViewportSize({ width: 320, height: 640 });
    const cut = await page.getByTestId('tab-label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent));
    expect(cut).toEqual([]);
    await page.getByRole('navigation', { name: 'Tabs' }).screenshot({ path: 'test-results/screenshots/tab-bar-320.png' });
  }
  await page.context().close();
});
