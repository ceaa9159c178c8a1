import { expect, test } from './fixtures.ts';
import { signInThroughProvider, uniqueSuffix } from './helpers.ts';

test('sign up on the provider page, choose a username, stay signed in, log out', async ({ page }) => {
  const username = `Ann_${uniqueSuffix()}`;
  await signInThroughProvider(page, `${username.toLowerCase()}@betbro.test`, 'ann-journey-pass');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/complete-profile.png' });

  // The client checks the username before asking the server, and says why beside the field.
  await page.getByLabel('Username').fill('ab');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username must be at least 3 characters long');
  await expect(page.getByLabel('Username')).toBeFocused();

  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText('Welcome to Betbro!')).toBeVisible();
  // The page reloads after 1.5 s and shows the signed-in app.
  await expect(page.getByTestId('current-username')).toHaveText(username, { timeout: 10_000 });
  await expect(page.getByText('$1,000.00').first()).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('betbro_auth') ?? 'null'));
  expect(stored.user.username).toBe(username);
  expect(stored.tokens.expires_at).toBeGreaterThan(Date.now() / 1000);

  await page.reload();
  await expect(page.getByTestId('current-username')).toHaveText(username);
  await page.screenshot({ path: 'test-results/screenshots/signed-in-home.png' });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in to get started' })).toBeVisible();
  // Back from the provider's logout, the landing page says it worked.
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('betbro_auth'))).toBeNull();

  // Signed out on the server too, and the provider asks for the password again.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.getByRole('button', { name: 'Sign in to get started' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
});

test('a wrong password shows an error on the provider page', async ({ page }) => {
  const email = `pat_${uniqueSuffix()}@betbro.test`;
  await signInThroughProvider(page, email, 'pats-real-password');
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signInThroughProvider(page, email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
});

test('the callback refuses a state it did not start', async ({ page }) => {
  await page.goto('/auth-callback?code=abc&state=' + 'f'.repeat(64));
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Invalid state parameter')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Home' }).click();
  await expect(page.getByRole('button', { name: 'Sign in to get started' })).toBeVisible();
});
