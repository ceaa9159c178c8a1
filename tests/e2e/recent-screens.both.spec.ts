import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, signUpOverHttp, uniqueSuffix, userId } from './helpers.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts), in the light theme and the
// dark one: axe over the screens that came last (docs/product.md §13) — the resolve
// confirmation, a crew's standings, chat and members tabs with an invite link and its QR code,
// a bet's share links with their QR codes and the invite page they open, a crew's join page, and
// Settings with the time zone picker and a calendar link. Each is drawn before axe reads it.

const screenOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile-chromium' ? PHONE : DESKTOP);

/** A new player in a context of its own, at the project's width. */
async function player(testInfo: TestInfo, browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext(screenOf(testInfo));
  const page = await context.newPage();
  await signUpOverHttp(page.request, username);
  return page;
}

/** The theme, saved as each player's preference. */
async function useTheme(pages: Page[], theme: 'light' | 'dark') {
  for (const page of pages) await api(page, 'PUT', '/api/users/preferences', { theme });
}

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/** The theme, saved as every player's preference; each then opens the app once in it. */
async function inTheme(pages: Page[], names: string[], theme: 'light' | 'dark') {
  await useTheme(pages, theme);
  // The pages outside the app's frame (an invite, a crew's join page) draw in the theme this
  // device remembers from the app: each player has been in it once.
  for (const [i, page] of pages.entries()) {
    await page.goto('/');
    await expect(page.getByTestId('current-username')).toContainText(names[i]!);
    await expectTheme(page, theme);
  }
}

/** The resolve confirmation (then cancelled), a bet's share links with their QR codes, and the invite page they open. */
async function betScreens(host: Page, friend: Page, stranger: Page, names: { friend: string }, theme: 'light' | 'dark', where: string) {
  const bet = await api<{ id: number }>(host, 'POST', '/api/bets', {
    title: `Axe check ${uniqueSuffix()}?`,
    description: 'Checked, not paid.',
    options: ['Pass', 'Fail'],
    expirationType: 'indefinite',
    expirationValue: '',
  });
  await api(friend, 'POST', `/api/bets/${bet.id}/participate`, { option: 0, amount: '20.00' });
  await host.goto(`/bets/${bet.id}`);
  await expectTheme(host, theme);
  const panel = host.getByRole('region', { name: 'Resolve this bet' });
  await panel.getByLabel('Pass', { exact: true }).check();
  await panel.getByRole('button', { name: 'Resolve Bet' }).click();
  const confirmation = host.getByRole('alertdialog', { name: 'Pass won?' });
  await expect(confirmation.getByRole('list', { name: 'Winners' })).toHaveText(`${names.friend} gets $20.00 — $0.00 profit`);
  await expectAccessible(host, `the resolve confirmation (${where})`);
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);

  // The bet's share links, each with its QR code, on the bet's page (a link shows in the browser that made it).
  await host.getByRole('button', { name: 'Create invite link' }).click();
  const qr = host.getByRole('img', { name: 'QR code of invite link 1' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  await expectAccessible(host, `a bet's share links and QR code (${where})`);

  // The invite page the link opens: its maker's, with the QR code, and a newcomer's, with the bet.
  const invite = new URL(await host.getByLabel('Invite link 1').inputValue()).pathname;
  await host.goto(invite);
  await expect(host.getByRole('heading', { name: 'This is your invite link' })).toBeVisible();
  await expect(host.getByRole('img', { name: 'QR code of this invite link' })).toBeVisible();
  await expectAccessible(host, `one's own invite page with its QR code (${where})`);
  await stranger.goto(invite);
  await expectTheme(stranger, theme);
  await expect(stranger.getByRole('region', { name: 'The bet they shared' })).toBeVisible();
  await expectAccessible(stranger, `a bet invite's page (${where})`);
}

/** A crew's standings, chat and members tabs with an invite link and its QR code, and its join page. */
async function crewScreens(host: Page, joiner: Page, theme: 'light' | 'dark', where: string) {
  const name = `Axe crew ${uniqueSuffix()}`;
  const crew = await api<{ id: number }>(host, 'POST', '/api/crews', { name });
  await api(host, 'POST', `/api/crews/${crew.id}/messages`, { text: 'Rules at https://example.com/rules' });
  await host.goto(`/crews/${crew.id}/standings`);
  await expectTheme(host, theme);
  await expect(host.getByRole('tab', { name: 'Standings', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(host.getByText(/Season 1 standings|No standings yet/).first()).toBeVisible();
  await expectAccessible(host, `crew standings (${where})`);
  await host.goto(`/crews/${crew.id}/chat`);
  await expect(host.getByRole('tab', { name: 'Chat', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(host.getByRole('link', { name: 'https://example.com/rules' })).toBeVisible();
  await expectAccessible(host, `crew chat (${where})`);
  await host.goto(`/crews/${crew.id}/members`);
  await expect(host.getByRole('tab', { name: 'Members', exact: true })).toHaveAttribute('aria-selected', 'true');
  await host.getByRole('button', { name: 'Invite link' }).click();
  const crewLink = await host.getByLabel('Crew invite link').inputValue();
  const crewQr = host.getByRole('img', { name: 'QR code of the crew invite link' });
  await expect(crewQr).toBeVisible();
  await expect.poll(() => crewQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  await expectAccessible(host, `crew members with an invite link and QR code (${where})`);
  await joiner.goto(new URL(crewLink).pathname);
  await expect(joiner.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expectAccessible(joiner, `a crew's join page (${where})`);
}

/** Settings with the time zone picker and a calendar link. */
async function settingsScreen(host: Page, theme: 'light' | 'dark', where: string) {
  await host.goto('/settings');
  await expectTheme(host, theme);
  await expect(host.getByTestId('time-zone-picker')).toBeVisible();
  // The light round makes the link; the dark one, finding it made, makes a new one.
  await host.getByRole('button', { name: theme === 'light' ? 'Make a calendar link' : 'Make a new calendar link' }).click();
  await expect(host.getByLabel('Calendar link')).toHaveValue(/\/api\/calendar\//);
  await expectAccessible(host, `settings with the zone picker and a calendar link (${where})`);
}

// One journey per width: the same three players see every screen in the light theme, then in the
// dark one (players made once, not once per screen and theme: the journeys' time goes mostly to
// the browser, docs/how-to.md "Keep the tests fast").
test('the newest screens pass axe in the light and the dark theme', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const id = uniqueSuffix();
  const names = [`Axe_${id}`, `AxeFriend_${id}`, `AxeNew_${id}`];
  const pages = await Promise.all(names.map((name) => player(testInfo, browser, name)));
  const [host, friend, stranger] = pages as [Page, Page, Page];
  await api(host, 'POST', '/api/friends', { addresseeId: await userId(friend) });
  await api(friend, 'POST', `/api/friends/${await userId(host)}/accept`);
  for (const theme of ['light', 'dark'] as const) {
    const where = `${theme}, ${testInfo.project.name}`;
    await inTheme(pages, names, theme);
    await test.step(`the bet's screens, ${theme}`, () => betScreens(host, friend, stranger, { friend: names[1]! }, theme, where));
    await test.step(`the crew's screens, ${theme}`, () => crewScreens(host, friend, theme, where));
    await test.step(`Settings, ${theme}`, () => settingsScreen(host, theme, where));
  }
  await Promise.all(pages.map((page) => page.context().close()));
});
