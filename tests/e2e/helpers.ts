import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type APIResponse, type Browser, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ADMIN } from './server.ts';

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

const locationOf = (response: APIResponse, from: string): string => {
  const location = response.headers().location;
  expect(location, `a redirect from ${from}, not ${response.status()}`).toBeTruthy();
  return new URL(location!, from).toString();
};

/**
 * Signs in (or, with open sign-up, signs up) through the provider over HTTP, as the browser would
 * without drawing a page: /api/login, the provider's authorization and login form, its redirect
 * back to /auth-callback, and the app's code exchange. `request` carries the cookies, so the
 * page's context is signed in when it is the page's own (`page.request`).
 */
export async function signInOverHttp(request: APIRequestContext, email: string, password: string): Promise<void> {
  const state = randomBytes(32).toString('hex');
  const login = await request.get(`/api/login?state=${state}`, { maxRedirects: 0 });
  let at = locationOf(login, login.url());
  const redirectUri = new URL(at).searchParams.get('redirect_uri');
  expect(redirectUri, `the authorization request ${at}`).toBeTruthy();
  const interaction = locationOf(await request.get(at, { maxRedirects: 0 }), at);
  expect(interaction).toMatch(/\/interaction\/[\w-]+$/);
  const submitted = await request.post(`${interaction}/login`, { form: { email, password }, maxRedirects: 0 });
  expect([302, 303], `the provider's answer to ${email}'s password: ${await submitted.text()}`).toContain(submitted.status());
  at = locationOf(submitted, interaction);
  for (let hops = 0; hops < 5 && new URL(at).pathname !== '/auth-callback'; hops += 1) at = locationOf(await request.get(at, { maxRedirects: 0 }), at);
  const callback = new URL(at);
  expect(callback.pathname).toBe('/auth-callback');
  expect(callback.searchParams.get('state')).toBe(state);
  const exchanged = await request.post('/api/oauth/exchange', { data: { code: callback.searchParams.get('code'), state, redirect_uri: redirectUri } });
  expect(exchanged.ok(), `the code exchange: ${exchanged.status()} ${await exchanged.text()}`).toBe(true);
}

/** A new player over HTTP: signed up through the provider, with `username` chosen. */
export async function signUpOverHttp(request: APIRequestContext, username: string, password = 'journey-password-1', email?: string): Promise<void> {
  await signInOverHttp(request, email ?? `${username.toLowerCase()}@betbro.test`, password);
  const completed = await request.post('/api/complete-profile', { data: { username } });
  expect(completed.ok(), `choosing ${username}: ${completed.status()} ${await completed.text()}`).toBe(true);
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

/** A new browser context (its own cookies) with a freshly signed-up user in it, on the dashboard. */
export async function newUser(browser: Browser, username: string, email?: string, screen: Screen = DESKTOP): Promise<Page> {
  const context = await browser.newContext(screen);
  const page = await context.newPage();
  await signUpOverHttp(page.request, username, 'journey-password-1', email);
  await page.goto('/');
  await expect(page.getByTestId('current-username')).toContainText(username);
  return page;
}

/** Fails on any serious or critical accessibility violation of the current page. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // axe reads the page at rest: a toast fading in or out has text of partial opacity, which its
  // contrast check flags. Finite animations and transitions are let finish (a spinner's never do),
  // and then those that began meanwhile (a toast arriving from a live update), until none is left.
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round += 1) {
      const running = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(serious, `accessibility of ${label}`).toEqual([]);
}

/**
 * What the screen shows, kept beside the run's results. The viewport only: a full-page capture
 * resizes the page for a moment, and once, at 1280 px, the app took the phone's shell during one
 * (its layout follows the window, src/client/mobile/use-is-mobile.ts) and came back without the
 * confirmation a referee had open, so the journey waited on a button that was gone.
 */
export const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png` });

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
 * the mail scripts/e2e.ts catches, waiting for it to arrive. Several servers mail into the same
 * catcher: `origin` keeps to the links of one.
 */
export async function mailedToken(to: string, path: string, origin = ''): Promise<string> {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is unset: run the journeys with npm run test:e2e');
  const pattern = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}\\?token=([A-Za-z0-9_-]+)`);
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

/**
 * The admin of the journeys (ADMIN in server.ts), signed in in a new context: each journey server
 * makes the account and verifies its email once, as it starts (fixtures.ts).
 */
export async function adminPage(browser: Browser, screen: Screen = DESKTOP): Promise<Page> {
  const context = await browser.newContext(screen);
  const page = await context.newPage();
  await signInOverHttp(page.request, ADMIN.email, ADMIN.password);
  expect((await api<{ role: string }>(page, 'GET', '/api/auth/user')).role).toBe('admin');
  await page.goto('/');
  await expect(page.getByTestId('current-username')).toHaveText(ADMIN.username);
  return page;
}
