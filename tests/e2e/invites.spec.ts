import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, newUser, screenshot, uniqueSuffix } from './helpers.ts';

// Invite links (docs/product.md §6.2): a newcomer opens one, signs up, and lands befriended; a
// shared bet's newcomer lands on the bet; the bet's chart moves when another player stakes.

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`a newcomer opens an invite link, signs up and lands befriended, at ${label}`, async ({ browser }) => {
    const suffix = uniqueSuffix();
    const inviterName = `Inviter_${suffix}`;
    const inviter = await newUser(browser, inviterName);
    await inviter.goto('/friends');
    await inviter.getByRole('button', { name: 'Create invite link' }).click();
    const link = await inviter.getByLabel('Invite link').inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

    const context = await browser.newContext(screen);
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { name: `${inviterName} invites you to Betbro` })).toBeVisible();
    await newcomer.getByRole('button', { name: 'Sign in or sign up to accept' }).click();
    await expect(newcomer.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
    const newcomerName = `Newcomer_${suffix}`;
    await newcomer.locator('input[name="email"]').fill(`${newcomerName.toLowerCase()}@betbro.test`);
    await newcomer.locator('input[name="password"]').fill('journey-password-1');
    await newcomer.getByRole('button', { name: 'Continue' }).click();
    await expect(newcomer.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await newcomer.getByLabel('Username').fill(newcomerName);
    // The app reloads itself 1.5 s after setup: closing the context while that reload is under
    // way can hang Chromium, so the journey waits for it as the sign-up helper does.
    const reloaded = newcomer.waitForEvent('load', { timeout: 15_000 });
    await newcomer.getByRole('button', { name: 'Complete Setup' }).click();
    await reloaded;

    // Straight back to the invite, accepted, and on to the dashboard.
    await expect(newcomer).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(newcomer.getByTestId('current-username')).toContainText(newcomerName);
    await expect
      .poll(async () => ((await (await newcomer.request.get('/api/friends')).json()) as { username: string }[]).map((f) => f.username))
      .toEqual([inviterName]);
    await inviter.goto('/friends');
    await expect(inviter.getByText(newcomerName).first()).toBeVisible();
    await context.close();
    await inviter.context().close();
  });
}

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`a shared bet: the newcomer lands on it; its chart moves when another player stakes, at ${label}`, async ({ browser }) => {
    const suffix = uniqueSuffix();
    const creator = await newUser(browser, `Maker_${suffix}`, undefined, screen);
    const created = await creator.request.post('/api/bets', {
      data: { title: `Chart bet ${suffix}`, description: 'Watch it move', category: 'Sports', options: ['Home', 'Away'] },
    });
    expect(created.status()).toBe(201);
    const betId = ((await created.json()) as { id: number }).id;
    await creator.goto(`/bets/${betId}`);
    await expect(creator.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
    await creator.getByRole('button', { name: 'Create invite link' }).click();
    const link = await creator.getByLabel('Invite link').inputValue();

    // An existing player who is not yet a friend opens it: one click, and they are on the bet.
    const guestName = `Guest_${suffix}`;
    const guest = await newUser(browser, guestName);
    await guest.goto(link);
    await guest.getByRole('button', { name: 'Accept invite' }).click();
    await expect(guest).toHaveURL(new RegExp(`/bets/${betId}$`));
    await expect(guest.getByRole('heading', { name: `Chart bet ${suffix}` })).toBeVisible();

    // The chart on the creator's screen: nothing to draw before a stake; the first adds a point, live.
    const chart = creator.getByRole('img', { name: 'Share of the pot over time' });
    // Below the fold on a phone, the chart loads as the creator scrolls to it.
    await creator.getByRole('heading', { name: 'Odds over time' }).scrollIntoViewIfNeeded();
    await expect(creator.getByTestId('odds-history-empty')).toBeVisible();
    await guest.getByLabel('Away').check();
    await guest.getByLabel('Amount ($)').fill('25');
    await guest.getByRole('button', { name: 'Place Bet' }).click();
    await expect(guest.getByText('Bet placed!')).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', '2');
    await expect(creator.getByTestId('odds-history-summary')).toHaveText('Now: Home 0%, Away 100%');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(creator, `odds-chart-${screen.viewport.width}`);
    await guest.context().close();
    await creator.context().close();
  });
}
