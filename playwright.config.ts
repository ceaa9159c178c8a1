import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium.ts';
import type { Issuer } from './tests/e2e/server.ts';

// Run through `npm run test:e2e` (scripts/e2e.ts), which builds the app, catches its mail and
// finds Debian's Chromium. Each worker starts a server of its own (tests/e2e/fixtures.ts), so
// the journeys run side by side on the machine's two cores without sharing any state.

export default defineConfig<{ issuer: Issuer }>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    // A failed journey keeps its trace (every action with the page's DOM before and after) and a
    // screenshot of the end. The trace takes no screencast: filming every journey doubled the
    // browser's work and cost about a third of the journeys' CPU time (docs/how-to.md, "Keep the
    // tests fast").
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Chromium's headless shell where installed (scripts/lib/chromium.ts); push.spec.ts asks for
    // the full browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop-chromium',
      testIgnore: 'mobile.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // The mobile shell (spec §2, under 768 px): a phone-sized screen with touch. Journeys named
      // *.both.spec.ts run here as well as at desktop width.
      name: 'mobile-chromium',
      testMatch: ['mobile.spec.ts', '*.both.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
    {
      // The same sign-in journeys with Betbro pointed at its provider through OIDC_ISSUER_URL,
      // as it would be at any external issuer.
      name: 'external-issuer',
      testMatch: ['auth.spec.ts', 'sign-in-return.both.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, issuer: 'external' },
    },
  ],
});
