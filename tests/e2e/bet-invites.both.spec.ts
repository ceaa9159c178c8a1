import type { TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, newUser, uniqueSuffix, userId } from './helpers.ts';

// At 1280 px (the browser has no share sheet: Share copies the link) and at 390 px (a phone's
// share sheet, stood in for): a bet's creator shares it, and a newcomer who opens the link signs
// up, lands on the bet ready to stake, and has the creator as a friend.

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile-chromium';

test('a bet invite accepted by a newcomer ends on the bet with the creator as a friend; the invite screen shows a QR code', async ({ browser, page }, testInfo) => {
  test.setTimeout(120_000);
  const phone = isPhone(testInfo);
  const id = uniqueSuffix();
  const creatorName = `Cora_${id}`;
  const creator = await newUser(browser, creatorName, undefined, phone ? PHONE : DESKTOP);
  await creator.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // The phone's share sheet, stood in for (what it was handed is kept to read back); the desktop
  // browser has none, whatever the machine's Chromium offers.
  await creator.addInitScript((sheet: boolean) => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: sheet
        ? async (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
          }
        : undefined,
    });
  }, phone);
  const title = `Derby winner ${id}?`;
  const bet = await api<{ id: number }>(creator, 'POST', '/api/bets', { title, description: 'Saturday, three o’clock.', category: 'Sports', options: ['Home', 'Away', 'Draw'] });

  await creator.goto(`/bets/${bet.id}`);
  await expect(creator.getByRole('heading', { name: title })).toBeVisible();
  await creator.getByRole('button', { name: 'Share this bet' }).click();
  let link: string;
  if (phone) {
    await expect.poll(() => creator.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url ?? null)).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    link = (await creator.evaluate(() => (window as unknown as { shared: ShareData }).shared.url))!;
  } else {
    await expect(creator.getByText('Invite link copied')).toBeVisible();
    link = await creator.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  }
  // The invite screen lists the link with its QR code, drawn.
  await expect(creator.getByLabel('Invite link 1')).toHaveValue(link);
  const qr = creator.getByRole('img', { name: 'QR code of invite link 1' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  await creator.screenshot({ path: `test-results/screenshots/bet-invite-share-${testInfo.project.name}.png` });

  // The newcomer opens the link signed out: the bet, its options with odds, then sign-up.
  const newcomerName = `Nia_${id}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `${creatorName} invites you to Betbro` })).toBeVisible();
  const shared = page.getByRole('region', { name: 'The bet they shared' });
  await expect(shared.getByRole('heading', { name: title })).toBeVisible();
  await expect(shared.getByText('1.0:1')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign in or sign up to accept' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await page.locator('input[name="email"]').fill(`${newcomerName.toLowerCase()}@betbro.test`);
  await page.locator('input[name="password"]').fill('journey-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('Username').fill(newcomerName);
  // The app reloads itself 1.5 s after setup, once the invite is accepted: the journey reads the
  // bet after that reload, or its last screenshot races it ("Unable to capture screenshot" in a
  // rehearsal).
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Complete Setup' }).click();

  // Back at the invite, accepted at once, and on to the bet, ready to stake.
  await expect(page.getByText(`You're now friends with ${creatorName}`)).toBeVisible({ timeout: 15_000 });
  await reloaded;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Bet' })).toBeVisible();
  if (!phone) await expect(page).toHaveURL(new RegExp(`/bets/${bet.id}$`));
  const friends = await api<{ id: number }[]>(page, 'GET', '/api/friends');
  expect(friends.map((f) => f.id)).toContain(await userId(creator));
  await page.screenshot({ path: `test-results/screenshots/bet-invite-landed-${testInfo.project.name}.png` });
  await creator.context().close();
});
