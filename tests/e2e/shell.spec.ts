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
