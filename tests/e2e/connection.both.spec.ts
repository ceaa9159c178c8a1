import type { Browser, Page, TestInfo } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/free-port.ts';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, screenshot, signUp, uniqueSuffix, userId, type Screen } from './helpers.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts): the live connection keeps
// the screen in step with the server whatever happens around it (docs/live-updates.md).

const SERVER_ENTRY = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

const screenOf = (testInfo: TestInfo): Screen => (testInfo.project.name === 'mobile-chromium' ? PHONE : DESKTOP);

/** A new browser context on `baseURL` with a freshly signed-up player in it. */
async function player(browser: Browser, screen: Screen, name: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({ ...screen, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signUp(page, name);
  return page;
}

/** Makes `a` and `b` friends through the API. */
async function befriend(a: Page, b: Page) {
  await api(a, 'POST', '/api/friends', { addresseeId: await userId(b) });
  await api(b, 'POST', `/api/friends/${await userId(a)}/accept`, {});
}

test('a friend request sent while the dashboard loads shows without a reload', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const screen = screenOf(testInfo);
  const id = uniqueSuffix();
  const viewer = await player(browser, screen, `Load_${id}`);
  const friend = await player(browser, DESKTOP, `Asks_${id}`);
  const viewerId = await userId(viewer);
  const banner = viewer.getByText('You have 1 pending friend request');

  // The request is sent 0 to 200 ms after the page has had its answer to "which requests are
  // waiting?", while it is still loading and before or as its live socket opens.
  for (const delayMs of [0, 50, 100, 150, 200]) {
    const requestsRead = viewer.waitForResponse((response) => new URL(response.url()).pathname === '/api/friend-requests');
    await viewer.goto('/', { waitUntil: 'commit' });
    await requestsRead;
    await viewer.waitForTimeout(delayMs);
    await api(friend, 'POST', '/api/friends', { addresseeId: viewerId });
    await expect(banner, `a request sent ${delayMs} ms after the page read its requests`).toBeVisible();
    const withdrawn = await friend.request.delete(`/api/friends/${viewerId}`);
    expect(withdrawn.ok()).toBe(true);
  }
});

/** Betbro as `npm start` runs it, on its own port and data directory, to stop and start again. */
class OwnServer {
  private process: ChildProcess | null = null;
  private log = '';
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-connection-'));
  constructor(readonly port: number) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SIGN_INS_PER_IP: '1000',
      },
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.process = child;
    await expect
      .poll(async () => (await fetch(`${this.url}/readyz`).catch(() => null))?.status, { timeout: 60_000, message: `server ready (${this.log})` })
      .toBe(200);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    this.process = null;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Where an element is drawn on the page. */
const box = async (page: Page, selector: ReturnType<Page['locator']>) => {
  const found = await selector.boundingBox();
  expect(found, 'drawn').not.toBeNull();
  return found!;
};

/** The notice is seen, inside the window, below the header and, on a phone, above the tab bar. */
async function expectNoticeInPlace(page: Page, notice: ReturnType<Page['locator']>, narrow: boolean) {
  await expect(notice).toBeVisible();
  const viewport = page.viewportSize()!;
  const shown = await box(page, notice);
  const header = await box(page, page.locator('header').first());
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
  if (narrow) {
    const tabs = await box(page, page.getByRole('navigation', { name: 'Tabs' }));
    expect(shown.y + shown.height).toBeLessThanOrEqual(tabs.y + 0.5);
  }
}

// The phone run keeps the server away for over a minute, past the longest wait between tries
// (docs/live-updates.md); the desktop run, a few seconds: the same catch-up, a minute sooner.
test('when the server is away, the screen says so, then catches up and is live again', async ({ browser, consoleErrors }, testInfo) => {
  test.setTimeout(300_000);
  const screen = screenOf(testInfo);
  const narrow = screen === PHONE;
  const server = new OwnServer(await freePort());
  try {
    await server.start();
    const id = uniqueSuffix();
    const viewer = await player(browser, screen, `Wait_${id}`, server.url);
    const friend = await player(browser, DESKTOP, `Back_${id}`, server.url);
    await befriend(viewer, friend);
    const bet = (title: string) => api<{ id: number }>(viewer, 'POST', '/api/bets', { title, description: 'Staked on after the outage.', options: ['Yes', 'No'], expirationType: 'indefinite' });
    const [early, late] = [`Early ${id}`, `Late ${id}`];
    const earlyBet = await bet(early);
    const lateBet = await bet(late);

    await viewer.goto('/');
    await viewer.getByRole('button', { name: /^Notifications/ }).click();
    await expect(viewer.getByRole('button', { name: 'Mark all read' })).toBeVisible();
    const status = viewer.getByRole('status').filter({ hasText: /Reconnecting…|You're offline/ });

    // Offline, it says so at once; back online, the notice goes.
    await viewer.context().setOffline(true);
    await expect(status).toHaveText("You're offline");
    await expectNoticeInPlace(viewer, status, narrow);
    await viewer.context().setOffline(false);
    await expect(status).toHaveCount(0);

    // The server stops (on a phone for just over a minute): the screen says it is reconnecting, all along.
    const stoppedAt = Date.now();
    await server.stop();
    await expect(status).toHaveText('Reconnecting…');
    await expectNoticeInPlace(viewer, status, narrow);
    await expectAccessible(viewer, 'the connection notice');
    await screenshot(viewer, `connection-notice-${testInfo.project.name}`);
    if (narrow) {
      await viewer.setViewportSize({ width: 320, height: 640 });
      await expectNoticeInPlace(viewer, status, narrow);
      await screenshot(viewer, 'connection-notice-320');
      await viewer.setViewportSize(PHONE.viewport);
    }
    await viewer.waitForTimeout(Math.max(0, stoppedAt + (narrow ? 61_000 : 5_000) - Date.now()));
    await expect(status).toHaveText('Reconnecting…');
    await server.start();

    // A stake made before the screen is back is read again once it is; one made after comes live.
    await api(friend, 'POST', `/api/bets/${earlyBet.id}/participate`, { option: 0, amount: '10' });
    await expect(status).toHaveCount(0, { timeout: 40_000 });
    await expect(viewer.getByText(early, { exact: false })).toBeVisible();
    await api(friend, 'POST', `/api/bets/${lateBet.id}/participate`, { option: 1, amount: '20' });
    await expect(viewer.getByText(late, { exact: false })).toBeVisible();
  } finally {
    await server.dispose();
  }
  // The browser notes each refused socket while the server is away; that is the outage, not the app.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/WebSocket connection to '.*' failed/.test(e)));
});
