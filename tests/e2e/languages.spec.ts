import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { translator, type Catalogue, type MessageKey, type MessageValues } from '../../src/shared/i18n/messages.ts';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, signUpOverHttp, uniqueSuffix, type Screen } from './helpers.ts';

// Betbro in German at 1280 px and in Arabic at 390 px (docs/product.md §8.5): a newcomer whose
// browser speaks German finds the landing page, the provider's sign-in page and then the app in
// German, with German money; an Arabic reader's screens run right to left. On the dashboard, a
// bet, a crew and Settings: the reader's words, nothing sticking out sideways, axe at zero
// violations. Every other journey runs in English and checks the spec's words unchanged.

const wordsOf = (locale: string) => {
  const t = translator(locale, JSON.parse(readFileSync(new URL(`../../src/shared/i18n/catalogues/${locale}.json`, import.meta.url), 'utf8')) as Catalogue);
  return (key: MessageKey, values?: MessageValues) => t(key, values);
};
const de = wordsOf('de');
const ar = wordsOf('ar');

/** Nothing on the page reaches past the sides of the window, save what scrolls inside its own box or is hidden for screen readers. */
async function expectNothingSticksOut(page: Page, where: string) {
  const out = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsInside = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const stickingOut = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
      return (box.right > width + 1 || box.left < -1) && !scrollsInside(el);
    });
    return {
      sideways: document.documentElement.scrollWidth > width,
      elements: stickingOut.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}: ${el.textContent?.slice(0, 40)}`),
    };
  });
  expect(out, `${where}: nothing past the window's sides`).toEqual({ sideways: false, elements: [] });
}

/** A bet and a crew of the player's, made over the API: the scene, not the journey. */
async function betAndCrew(page: Page) {
  const bet = await api<{ id: number }>(page, 'POST', '/api/bets', {
    title: `Derby ${uniqueSuffix()}?`,
    description: 'Who wins on Sunday.',
    options: ['Home', 'Away'],
    expirationType: 'indefinite',
    expirationValue: '',
  });
  const crew = await api<{ id: number }>(page, 'POST', '/api/crews', { name: `Crew ${uniqueSuffix()}` });
  return { betId: bet.id, crewId: crew.id };
}

async function contextFor(browser: Browser, screen: Screen, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...screen, locale });
  return context.newPage();
}

test('a German browser gets Betbro in German from the landing page on, at 1280 px', async ({ browser }) => {
  const page = await contextFor(browser, DESKTOP, 'de-DE');
  const username = `hans_${uniqueSuffix()}`;

  // Signed out: the landing page in the browser's language, and the provider's page after it.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByLabel(de('language.label'))).toHaveValue('de');
  await expectAccessible(page, 'the landing page in German');
  await page.getByRole('button', { name: de('auth.landing.signIn') }).click();
  await expect(page.getByRole('heading', { name: de('provider.login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('input[name="email"]').fill(`${username}@betbro.test`);
  await page.locator('input[name="password"]').fill('journey-password-1');
  await page.getByRole('button', { name: de('provider.login.continue') }).click();
  await page.getByLabel(de('auth.completeProfile.usernameLabel')).fill(username);
  // The app reloads itself shortly after setup (complete-profile-page.tsx): the journey reads the
  // dashboard after that reload, which would otherwise cut axe's reading short.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByLabel(de('auth.completeProfile.usernameLabel')).press('Enter');
  await reloaded;
  await expect(page.getByTestId('current-username')).toContainText(username);
  // Taken from the browser at the first sign-in.
  expect((await api<{ locale: string }>(page, 'GET', '/api/users/preferences')).locale).toBe('de');

  // The dashboard, with the starting balance written the German way.
  await expect(page.getByTestId('current-balance')).toHaveText('1.000,00\u00a0$');
  await expect(page.getByText(de('dashboard.greeting.welcome', { username }))).toBeVisible();
  await expectNothingSticksOut(page, 'the German dashboard');
  await expectAccessible(page, 'the German dashboard');

  const { betId, crewId } = await betAndCrew(page);
  await page.goto(`/bets/${betId}`);
  await expect(page.getByRole('heading', { name: de('bets.detail.optionsHeading') })).toBeVisible();
  // Its share button, enabled once the bet's links are read (axe reads a button at rest).
  await expect(page.getByRole('button', { name: de('invites.shareBet.label') })).toBeEnabled();
  await expectNothingSticksOut(page, 'a German bet');
  await expectAccessible(page, 'a bet in German');

  await page.goto(`/crews/${crewId}/standings`);
  await expect(page.getByRole('tab', { name: de('crews.crew.tabStandings') })).toHaveAttribute('aria-selected', 'true');
  await expectNothingSticksOut(page, 'a German crew');
  await expectAccessible(page, 'a crew in German');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: de('settings.title'), level: 1 })).toBeVisible();
  await expectNothingSticksOut(page, 'German settings');
  await expectAccessible(page, 'Settings in German');

  // Back to English from Settings: saved, and every word changes at once.
  await page.getByLabel(de('language.label')).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await api<{ locale: string }>(page, 'GET', '/api/users/preferences')).locale).toBe('en');
});

test('an Arabic reader’s screens run right to left at 390 px, nothing clipped', async ({ browser }) => {
  const page = await contextFor(browser, PHONE, 'ar-EG');
  const username = `layla_${uniqueSuffix()}`;
  await signUpOverHttp(page.request, username);
  await api(page, 'PUT', '/api/users/preferences', { locale: 'ar' });
  const { betId, crewId } = await betAndCrew(page);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByText(ar('dashboard.greeting.welcome', { username }))).toBeVisible();
  // The side the text starts on is the right: the menu's button sits at the window's right edge.
  const menuButton = page.getByRole('button', { name: ar('mobile.shell.openMenu') });
  const box = (await menuButton.boundingBox())!;
  expect(box.x + box.width, 'the menu button at the right').toBeGreaterThan(390 - 80);
  await expectNothingSticksOut(page, 'the Arabic dashboard');
  await expectAccessible(page, 'the dashboard in Arabic');

  await page.goto(`/bets/${betId}`);
  await expect(page.getByRole('heading', { name: ar('bets.detail.optionsHeading') })).toBeVisible();
  await expect(page.getByRole('button', { name: ar('invites.shareBet.label') })).toBeEnabled();
  await expectNothingSticksOut(page, 'an Arabic bet');
  await expectAccessible(page, 'a bet in Arabic');

  await page.goto(`/crews/${crewId}/standings`);
  await expect(page.getByRole('tab', { name: ar('crews.crew.tabStandings') })).toHaveAttribute('aria-selected', 'true');
  await expectNothingSticksOut(page, 'an Arabic crew');
  await expectAccessible(page, 'a crew in Arabic');

  await page.goto('/settings');
  await expect(page.getByLabel(ar('language.label'))).toHaveValue('ar');
  await expectNothingSticksOut(page, 'Arabic settings');
  await expectAccessible(page, 'Settings in Arabic');
});
