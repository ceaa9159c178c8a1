import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.ts';
import { DESKTOP, PHONE } from './helpers.ts';

// The installable app (docs/product.md §6.5): Chromium finds the manifest and the service worker, finds
// nothing missing for installing, and with the network off a page shows the offline page.
// A persistent profile: Chromium never offers to install from an incognito one, which is what
// every ordinary test context is.

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`is installable and works offline at ${label}`, async ({ baseURL }) => {
    const profile = mkdtempSync(path.join(tmpdir(), 'betbro-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...screen,
      baseURL,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

      // The worker installs, takes control, and has the offline page cached.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${baseURL}/`);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${baseURL}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data?: string; errors: unknown[] };
      expect(url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(JSON.parse(data ?? '{}')).toMatchObject({ name: 'Betbro', display: 'standalone' });
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);

      await context.setOffline(true);
      await page.goto('/friends');
      await expect(page.getByRole('heading', { name: "You're offline - reconnect to see live odds" })).toBeVisible();
      await context.setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page.getByRole('button', { name: 'Sign in to get started' })).toBeVisible();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}
