import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, mailedToken, newUser, openMenuItem, screenshot, uniqueSuffix } from './helpers.ts';

// Accounts that last (docs/product.md §8.4): a player who forgot their password gets back in
// through a mailed link, takes their data with them and leaves.

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`forgot password, a mailed link, a new password; then download the data and delete the account, at ${label}`, async ({ browser }) => {
    // Two sign-ups, three sign-ins, a mailed link and a download: as long as the other journeys,
    // and the first of the run, while the server is still cold.
    test.setTimeout(120_000);
    const name = `Leaver_${uniqueSuffix()}`;
    const email = `${name.toLowerCase()}@betbro.test`;
    const signedUp = await newUser(browser, name, email, screen);
    await signedUp.context().close();

    // Forgotten: from the provider's sign-in page to the app's page that mails a link.
    const context = await browser.newContext(screen);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in to get started' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText('If an account exists for that email, we have sent a link to choose a new password.')).toBeVisible();

    // The mailed link: a new password, under the same policy.
    const token = await mailedToken(email, '/reset-password');
    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByLabel('Repeat new password').fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await expect(form.getByRole('alert')).toHaveText('This password is too common; choose one that is harder to guess');
    await page.getByLabel('New password', { exact: true }).fill('a-fresh-start-42');
    await page.getByLabel('Repeat new password').fill('a-fresh-start-42');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
    await screenshot(page, `accounts-password-changed-${screen.viewport.width}`);

    // Signed in with the new password; the old one no longer works (the provider says so).
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('journey-password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
    await page.locator('input[name="password"]').fill('a-fresh-start-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('current-username')).toContainText(name, { timeout: 15_000 });
    // The reset proved the mailbox: no banner asks to verify it.
    await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

    // Settings: take the data.
    if (screen === PHONE) await openMenuItem(page, 'Settings', 'Settings');
    else await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^betbro-${name}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { username: string; email: string; balance: string };
      ledger: unknown[];
    };
    expect(data.profile).toMatchObject({ username: name, email, balance: '1000.00' });
    expect(data.ledger).toHaveLength(1);

    // And leave: the button waits for the username.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your username to confirm').fill('someone-else');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your username to confirm').fill(name);
    await screenshot(page, `accounts-delete-${screen.viewport.width}`);
    await confirm.click();
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in to get started' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // The same email may start again, as a new player.
    await page.getByRole('button', { name: 'Sign in to get started' }).click();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('a-fresh-start-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await context.close();
  });
}
