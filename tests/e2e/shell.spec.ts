import { expect, test } from './fixtures.ts';

test('the landing page loads at /, asking the server nothing it would refuse', async ({ page }) => {
  const refused: string[] = [];
  const warnings: string[] = [];
  page.on('response', (response) => response.status() >= 400 && refused.push(`${response.status()} ${response.url()}`));
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome to Betbro/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to get started' })).toBeVisible();
  // The built-in provider with open sign-up: the page says how to make an account.
  await expect(page.getByText(/your account is created on the spot/)).toBeVisible();
  // A preload nobody takes is reported a few seconds after the page loaded.
  await page.waitForTimeout(3_500);
  expect(refused).toEqual([]);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/this/route/does-not-exist');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// A signed-out visitor's first page carries the landing page as HTML (docs/decisions/040-landing-page-in-the-page.md).
test('the landing page is there before any script runs, in the browser’s language, and its button works then too', async ({ browser }) => {
  const scriptless = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const still = await scriptless.newPage();
  await still.goto('/');
  await expect(still.locator('html')).toHaveAttribute('lang', 'de');
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Betbro');
  await still.getByRole('button', { name: 'Melde dich an und leg los' }).click();
  await expect(still).toHaveURL(/\/\?sign-in=1$/);
  await scriptless.close();

  const context = await browser.newContext({ locale: 'de-DE' });
  // The landing page as the server sent it, and every layout shift of the page.
  await context.addInitScript(() => {
    const seen = window as unknown as { shifts: number[]; sent: Element | null };
    seen.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => (seen.sent = document.querySelector('#root > main')));
  });
  const page = await context.newPage();
  await page.goto('/');
  // The app draws the same page in its place: nothing moves.
  await expect.poll(() => page.evaluate(() => (window as unknown as { sent: Element | null }).sent?.isConnected)).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Betbro');
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  // The tap made before the app started goes on to sign-in, and Back returns to the landing page.
  await page.goto('/?sign-in=1');
  await expect(page).toHaveURL(/\/interaction\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Melde dich an und leg los' })).toBeVisible();
  await context.close();
});
