import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A unique suffix, so journeys never collide with accounts made by earlier ones. */
export const uniqueSuffix = () => randomBytes(3).toString('hex');

/** The API with the page's own session, for setting the scene quickly. */
export async function api<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The signed-in user's id, as the server knows it. */
export const userId = async (page: Page) => (await api<{ id: number }>(page, 'GET', '/api/auth/user')).id;

/** Signs in through the provider's real login page, starting from the landing page. */
export async function signInThroughProvider(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in to get started' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A brand-new user: sign up on the provider page and choose a username. */
export async function signUp(page: Page, username: string, password = 'journey-password-1', email?: string): Promise<void> {
  await signInThroughProvider(page, email ?? `${username.toLowerCase()}@betbro.test`, password);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  // The app reloads itself 1.5 s after setup (docs/product.md §13.1): wait for that before
  // going anywhere.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await reloaded;
  await expect(page.getByTestId('current-username')).toContainText(username, { timeout: 15_000 });
}

/** The screen a context emulates: the desktop default, or a phone for the mobile journeys. */
export interface Screen {
  viewport: { width: number; height: number };
  isMobile?: boolean;
  hasTouch?: boolean;
}
export const DESKTOP: Screen = { viewport: { width: 1280, height: 800 } };
export const PHONE: Screen = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The narrow layout's view title and slide-in menu. */
export const title = (page: Page) => page.getByTestId('view-title');
export const menu = (page: Page): Locator => page.getByRole('dialog', { name: 'Betbro menu' });

/** Opens a view from the narrow layout's slide-in menu. */
export async function openMenuItem(page: Page, label: string, viewTitle: string) {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(menu(page)).toBeVisible();
  await menu(page).getByRole('button', { name: label, exact: true }).tap();
  await expect(menu(page)).toHaveCount(0);
  await expect(title(page)).toHaveText(viewTitle);
}

/** A new browser context (its own cookies) with a freshly signed-up user in it. */
export async function newUser(browser: Browser, username: string, email?: string, screen: Screen = DESKTOP): Promise<Page> {
  const context = await browser.newContext(screen);
  const page = await context.newPage();
  await signUp(page, username, 'journey-password-1', email);
  return page;
}

/** Fails on any serious or critical accessibility violation of the current page. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(serious, `accessibility of ${label}`).toEqual([]);
}

export const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** Makes two users friends through the Friends page, as they would. */
export async function befriend(requester: Page, addressee: Page, addresseeName: string, requesterName: string) {
  await requester.goto('/friends');
  await requester.getByLabel('Search users').fill(addresseeName);
  await requester.getByRole('button', { name: 'Search' }).click();
  await requester.getByRole('button', { name: `Add ${addresseeName} as a friend` }).click();
  await expect(requester.getByText('Friend Request Sent')).toBeVisible();
  await addressee.goto('/friends');
  await addressee.getByRole('button', { name: `Accept ${requesterName}` }).click();
  await expect(addressee.getByText('Friend Request Accepted')).toBeVisible();
}

/**
 * The token of the latest `path` link (`/verify-email`, `/reset-password`) mailed to `to`, from
 * the mail scripts/e2e.ts catches, waiting for it to arrive.
 */
export async function mailedToken(to: string, path: string): Promise<string> {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is unset: run the journeys with npm run test:e2e');
  const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`);
  let token: string | undefined;
  await expect
    .poll(
      () => {
        let lines: string[] = [];
        try {
          lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
        } catch {
          // Nothing caught yet.
        }
        const mails = lines.map((line) => JSON.parse(line) as { to: string; text: string });
        token = mails.filter((m) => m.to.includes(to)).map((m) => pattern.exec(m.text)?.[1]).filter(Boolean).at(-1);
        return token;
      },
      { message: `a ${path} link mailed to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return token!;
}

/** The admin of the journeys (ADMIN_EMAILS in playwright.config.ts), created on first use. */
export async function adminPage(browser: Browser, screen: Screen = DESKTOP): Promise<Page> {
  const context = await browser.newContext(screen);
  const page = await context.newPage();
  await signInThroughProvider(page, 'admin@betbro.test', 'admin-password-1');
  const setup = page.getByRole('heading', { name: 'Complete Your Profile' });
  const signedIn = page.getByTestId('current-username');
  await expect(setup.or(signedIn)).toBeVisible();
  if (await setup.isVisible()) {
    await page.getByLabel('Username').fill('Referee');
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await reloaded;
  }
  await expect(signedIn).toHaveText('Referee', { timeout: 15_000 });
  // A listed email makes an admin once verified: the first time, follow the mailed link.
  if ((await api<{ role: string }>(page, 'GET', '/api/auth/user')).role !== 'admin') {
    await api(page, 'POST', '/api/account/verify-email', { token: await mailedToken('admin@betbro.test', '/verify-email') });
    await page.reload();
    await expect(signedIn).toHaveText('Referee', { timeout: 15_000 });
  }
  return page;
}
