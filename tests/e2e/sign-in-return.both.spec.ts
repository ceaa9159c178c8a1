import type { TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, signUpOverHttp, uniqueSuffix, userId } from './helpers.ts';

// At 1280 px and 390 px on the built-in provider (*.both.spec.ts), and at 1280 px with Betbro
// pointed at its provider as an external issuer (the external-issuer project takes this file too):
// a bet's link tapped signed out, in a group chat say, comes back to the bet after sign-in.

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile-chromium';

test('a bet link opened signed out reaches the bet after sign-in, path and query', async ({ browser, page }, testInfo) => {
  test.setTimeout(90_000);
  const id = uniqueSuffix();
  const password = 'journey-password-1';
  const readerEmail = `rita_${id}@betbro.test`;
  // The creator and the reader, made over HTTP in contexts of their own: this page stays signed out.
  const creatorContext = await browser.newContext();
  const readerContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const reader = await readerContext.newPage();
  await signUpOverHttp(creator.request, `Cora_${id}`, password);
  await signUpOverHttp(reader.request, `Rita_${id}`, password, readerEmail);
  await api(creator, 'POST', '/api/friends', { addresseeId: await userId(reader) });
  await api(reader, 'POST', `/api/friends/${await userId(creator)}/accept`, {});
  const title = `Snow on Sunday ${id}?`;
  const bet = await api<{ id: number }>(creator, 'POST', '/api/bets', { title, description: 'In Leeds, any snow at all.', category: 'General', options: ['Yes', 'No'] });
  await Promise.all([creatorContext.close(), readerContext.close()]);

  await page.goto(`/bets/${bet.id}?from=chat`);
  await page.getByRole('button', { name: 'Sign in to get started' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await page.locator('input[name="email"]').fill(readerEmail);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Bet' })).toBeVisible();
  if (!isPhone(testInfo)) await expect(page).toHaveURL(new RegExp(`/bets/${bet.id}\\?from=chat$`));
  await page.screenshot({ path: `test-results/screenshots/back-from-sign-in-${testInfo.project.name}.png` });

  // Only the app's own pages: a foreign address is refused before the provider is asked.
  const refused = await page.request.get(`/api/login?returnTo=${encodeURIComponent('//evil.example/bets/1')}`, { maxRedirects: 0 });
  expect(refused.status()).toBe(400);
});
